import { getFormatter, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { formatMoney } from '@/lib/money';
import { checkoutPath } from '../checkout-paths';
import { brandNames, MemberAutoCollect } from './member-auto-collect';
import { memberPageData, memberPageTitle } from './member-page-data';
import { MemberSchedule } from './member-schedule';

type Props = {
  params: Promise<{ locale: string; payment_link_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = memberPageTitle('title');

/**
 * A group member's own page (issue 17 item 15; docs/groups.md, "The member's own page"), from any
 * of their links: their schedule with what is paid and when, automatic collection and its card,
 * turning it off, replacing the card. Read on every request; works without JavaScript.
 */
export default async function MemberPage({ params, searchParams }: Props) {
  await connection();
  const { locale, payment_link_id: linkId } = await params;
  const view = await memberPageData(linkId);
  if (!view) notFound();
  const query = await searchParams;
  const t = await getTranslations('MemberPage');
  const money = (amount: number) => formatMoney(amount, view.currency, locale);
  const result = (['auto_collect_off', 'not_found', 'card_replaced'] as const).find((r) => r === query.result) ?? null;
  // The new card as the replacement's answer named it (card-destination.ts): a known brand and four digits, else nothing.
  const brand = typeof query.brand === 'string' ? brandNames[query.brand] : undefined;
  const lastFour = typeof query.last4 === 'string' && /^\d{4}$/.test(query.last4) ? query.last4 : null;
  const cancelled = typeof query.count === 'string' && /^\d{1,4}$/.test(query.count) ? Number(query.count) : 0;
  const format = await getFormatter();
  const date = (value: Date) => format.dateTime(value, { dateStyle: 'long', timeZone: 'Europe/London' });
  return (
    <main className="narrow" data-testid="member-page">
      <p className="checkout-organisation">{view.organisationName}</p>
      <h1>{t('title')}</h1>
      <dl className="checkout-details">
        <dt>{t('member')}</dt>
        <dd data-testid="member-page-name">{view.memberName}</dd>
        {view.groupName && (
          <>
            <dt>{t('group')}</dt>
            <dd>{view.groupName}</dd>
          </>
        )}
        <dt>{t('bookingReference')}</dt>
        <dd>{view.bookingReference}</dd>
        <dt>{t('share')}</dt>
        <dd>{money(view.share)}</dd>
        <dt>{t('paid')}</dt>
        <dd data-testid="member-page-paid">{money(view.paid)}</dd>
        <dt>{t('remaining')}</dt>
        <dd data-testid="member-page-remaining">{money(view.remaining)}</dd>
      </dl>
      {result === 'auto_collect_off' && (
        <p className="notice" role="status" data-testid="member-page-result" data-result={result}>
          {t('resultAutoCollectOff', { count: cancelled })}
        </p>
      )}
      {result === 'card_replaced' && brand && lastFour && (
        <p className="notice" role="status" data-testid="member-page-result" data-result={result}>
          {t('resultCardReplaced', { brand, lastFour })}
        </p>
      )}
      {result === 'not_found' && (
        <p className="error-summary" role="alert" data-testid="member-page-result" data-result={result}>
          {t('resultNotFound')}
        </p>
      )}
      <MemberSchedule view={view} locale={locale} date={date} />
      <MemberAutoCollect view={view} locale={locale} date={date} />
      <p>
        <a href={checkoutPath(locale, view.linkId)} data-testid="member-page-back">
          {t('backToLink')}
        </a>
      </p>
    </main>
  );
}
