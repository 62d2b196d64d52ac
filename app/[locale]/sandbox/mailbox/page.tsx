import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { isSandbox } from '@/lib/config';
import { mailboxPage } from '@/lib/email/mailbox';
import { Link } from '@/lib/i18n/link';
import { redirect } from '@/lib/i18n/navigation';
import { SiteNav } from '../../site-nav';
import { MailboxEntry } from './mailbox-entry';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Paging past this would only make the database skip a huge number of rows. */
const MAX_PAGE = 10_000;

/**
 * The sandbox mailbox: every email of the outbox, newest first, 50 a page,
 * optionally filtered by recipient. In production mode the page does not exist.
 */
export default async function MailboxPage({ searchParams }: Props) {
  await connection();
  if (!isSandbox()) notFound();
  const params = await searchParams;
  const to = first(params.to)?.trim().slice(0, 254) || undefined;
  const page = Math.min(Math.max(Math.floor(Number(first(params.page))) || 1, 1), MAX_PAGE);
  const { emails, hasMore } = await mailboxPage({ to, page });
  const t = await getTranslations('Mailbox');
  const format = await getFormatter();
  const pageHref = (n: number) => ({
    pathname: '/sandbox/mailbox',
    query: { ...(to ? { to } : {}), ...(n > 1 ? { page: String(n) } : {}) },
  });
  // A page past the last one has nothing to show: start again at the first page.
  if (emails.length === 0 && page > 1) redirect({ href: pageHref(1), locale: await getLocale() });

  return (
    <>
      <SiteNav />
      <main className="mailbox">
        <h1>
          {t('title')} <span className="badge">SANDBOX</span>
        </h1>
        <p>{t('intro')}</p>
        {/* A plain GET form: filtering works without JavaScript and starts again at page 1. */}
        <form method="get" className="mailbox-filter" role="search">
          <label htmlFor="mailbox-to">{t('filterLabel')}</label>
          <input id="mailbox-to" name="to" type="search" defaultValue={to ?? ''} autoComplete="off" />
          <button type="submit">{t('filterButton')}</button>
          {to ? <Link href="/sandbox/mailbox">{t('showAll')}</Link> : null}
        </form>
        {emails.length === 0 ? (
          <p data-testid="mailbox-empty">{to ? t('emptyFiltered', { to }) : t('empty')}</p>
        ) : (
          emails.map((email) => (
            <MailboxEntry
              key={email.id}
              email={email}
              createdAt={format.dateTime(email.createdAt, { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' })}
            />
          ))
        )}
        <nav className="pager" aria-label={t('navigationLabel')}>
          {page > 1 ? (
            <Link href={pageHref(page - 1)} rel="prev">
              {t('previousPage')}
            </Link>
          ) : null}
          <span className="muted">{t('pageNumber', { page })}</span>
          {hasMore && page < MAX_PAGE ? (
            <Link href={pageHref(page + 1)} rel="next">
              {t('nextPage')}
            </Link>
          ) : null}
        </nav>
      </main>
    </>
  );
}
