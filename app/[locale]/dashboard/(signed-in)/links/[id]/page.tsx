import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { isUuid } from '@/lib/core/shared/is-uuid';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getDb } from '@/lib/db/client';
import { londonDate, londonDateTime } from '@/lib/i18n/date-format';
import { routing } from '@/lib/i18n/routing';
import { formatMoney } from '@/lib/money';
import { requireStaff } from '../../../staff-session';
import { ActionNotice } from '../../action-notice';
import { deleteLinkAction, sendLinkAction } from '../actions';
import { CopyField } from '../copy-field';
import { findCheckout } from '../link-view';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<{ result?: string; error?: string }>;
};

/**
 * One payment link or ecommerce session: what it asks for and allows, its address to copy, the QR code and the
 * email (payment links that can still be paid), and delete. Another organisation's id is the API's 404.
 */
export default async function LinkPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  const staff = await requireStaff(locale);
  if (!isUuid(id)) notFound();
  const found = await findCheckout(await getDb(), staff, id);
  if (!found) notFound();
  const t = await getTranslations({ locale, namespace: 'DashboardCollect.link' });
  const f = await getTranslations({ locale, namespace: 'DashboardCollect.form' });
  const s = await getTranslations({ locale, namespace: 'DashboardCollect.links' });
  const query = await searchParams;
  const item = found.kind === 'payment_link' ? found.link : found.session;
  const view =
    found.kind === 'payment_link'
      ? {
          card: found.link.methods.card,
          openBanking: found.link.methods.open_banking,
          preAuth: found.link.options.pre_authorized,
          options: found.link.options,
          moto: false,
          booking: found.link.booking?.booking_reference ?? null,
        }
      : {
          card: found.session.card_enabled,
          openBanking: found.session.open_banking_enabled,
          preAuth: found.session.options.authorisation_only,
          options: found.session.options,
          moto: found.session.options.moto_enabled,
          booking: found.session.booking_id,
        };
  const yes = (on: boolean) => (on ? s('yes') : s('no'));
  const canChange = hasRole(staff, 'booking-and-payment:create:payment');
  const payable = item.status === 'active';
  const languages = new Intl.DisplayNames([locale], { type: 'language' });
  return (
    <main>
      <p>
        <a href={dashboardPath(locale, found.kind === 'ecommerce' ? '/links?kind=ecommerce' : '/links')}>
          {found.kind === 'ecommerce' ? t('backEcommerce') : t('backLinks')}
        </a>
      </p>
      <h1>{t(found.kind === 'ecommerce' ? 'titleEcommerce' : 'titleLink', { name: item.customer_name ?? '' })}</h1>
      <ActionNotice locale={locale} namespace="DashboardCollect.link" query={query} testId="link" />
      <dl className="collect-facts" data-testid="link-facts">
        <dt>{f('amount')}</dt>
        <dd>{formatMoney(item.amount, item.currency, locale)}</dd>
        <dt>{s('status')}</dt>
        <dd data-testid="link-status">{s(`status_${item.status}`)}</dd>
        <dt>{f('email')}</dt>
        <dd>{item.email}</dd>
        <dt>{f('description')}</dt>
        <dd>{item.description || '–'}</dd>
        <dt>{t('booking')}</dt>
        <dd>{view.booking ?? '–'}</dd>
        <dt>{s('created')}</dt>
        <dd>{londonDateTime(new Date(item.created_at), locale)}</dd>
        <dt>{s('expires')}</dt>
        <dd>{londonDate(new Date(item.expires_at), locale)}</dd>
        <dt>{f('card')}</dt>
        <dd>{yes(view.card)}</dd>
        <dt>{f('openBanking')}</dt>
        <dd>{yes(view.openBanking)}</dd>
        <dt>{f('authorisationOnly')}</dt>
        <dd data-testid="link-preauth">{yes(view.preAuth)}</dd>
        <dt>{f('surcharging')}</dt>
        <dd>{yes(view.options.surcharging_enabled)}</dd>
        <dt>{f('dcc')}</dt>
        <dd>{yes(view.options.dcc_enabled)}</dd>
        <dt>{f('hideStoreCard')}</dt>
        <dd>{yes(view.options.hide_store_card)}</dd>
        <dt>{f('storeCardForced')}</dt>
        <dd>{yes(view.options.store_card_forced)}</dd>
        {found.kind === 'ecommerce' && (
          <>
            <dt>{f('moto')}</dt>
            <dd>{yes(view.moto)}</dd>
          </>
        )}
        <dt>{f('excludedTypes')}</dt>
        <dd data-testid="link-excluded-types">
          {view.options.excluded_card_types.map((type) => f(`brand_${type}`)).join(', ') || '–'}
        </dd>
        <dt>{f('excludedRegions')}</dt>
        <dd>{view.options.excluded_card_regions.map((region) => f(`region_${region}`)).join(', ') || '–'}</dd>
        <dt>{t('payments')}</dt>
        <dd>
          {item.transactions.length === 0
            ? '–'
            : item.transactions
                .map((tx) => `${formatMoney(tx.amount, item.currency, locale)} (${tx.status.toLowerCase()})`)
                .join(', ')}
        </dd>
      </dl>
      <CopyField
        id="link-url"
        label={found.kind === 'ecommerce' ? t('embedUrl') : t('url')}
        value={item.url}
        copy={t('copy')}
        copied={t('copied')}
        testId="link-url"
      />
      <p>
        <a href={item.url} data-testid="link-open">
          {found.kind === 'ecommerce' ? t('openEmbed') : t('open')}
        </a>
      </p>
      {found.kind === 'payment_link' && found.qr && (
        <figure className="collect-qr">
          {/* An inline SVG of a few kilobytes made for this page: nothing for next/image to optimise. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={`data:image/svg+xml;base64,${Buffer.from(found.qr).toString('base64')}`}
            alt={t('qrAlt', { name: item.customer_name ?? '' })}
            width={200}
            height={200}
            data-testid="link-qr"
          />
          <figcaption className="muted">{t('qrCaption')}</figcaption>
        </figure>
      )}
      {found.kind === 'payment_link' && payable && canChange && (
        <section aria-labelledby="send-title">
          <h2 id="send-title">{t('sendTitle')}</h2>
          <form action={sendLinkAction} className="stack narrow" data-testid="send-link-form">
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="id" value={id} />
            <div className="field">
              <label htmlFor="send-email">{t('sendTo')}</label>
              <input
                id="send-email"
                name="email"
                type="email"
                autoComplete="off"
                placeholder={item.email ?? ''}
                aria-describedby="send-email-hint"
              />
              <p className="muted" id="send-email-hint">
                {t('sendToHint', { email: item.email ?? '' })}
              </p>
            </div>
            <div className="field">
              <label htmlFor="send-language">{t('language')}</label>
              <select id="send-language" name="email_locale" defaultValue={locale}>
                {routing.locales.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? languages.of(code)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <button type="submit">{t('send')}</button>
            </div>
          </form>
        </section>
      )}
      {canChange && (
        <form action={deleteLinkAction} data-testid="delete-link-form">
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="kind" value={found.kind} />
          <button type="submit" className="secondary">
            {found.kind === 'ecommerce' ? t('deleteEcommerce') : t('deleteLink')}
          </button>
        </form>
      )}
    </main>
  );
}
