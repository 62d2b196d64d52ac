import { getTranslations } from 'next-intl/server';
import type { HostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { brandStylesheetPath, brandTheme } from '@/lib/branding/brand-theme';
import { londonDate, londonDateTime } from '@/lib/i18n/date-format';
import { formatMoney } from '@/lib/money';

/** What is being paid, to whom and by when: the top of every page of the link. */
export async function CheckoutSummary({ checkout, locale }: { checkout: HostedCheckout; locale: string }) {
  const t = await getTranslations('Checkout');
  const organisation = checkout.organisationName;
  const dueAt = checkout.member?.instalments.find((i) => i.current)?.dueAt ?? null;
  return (
    <header className="checkout-summary">
      <BrandBand checkout={checkout} />
      <h1>{t('title', { organisation })}</h1>
      {checkout.description && <p data-testid="checkout-description">{checkout.description}</p>}
      <dl className="checkout-details" aria-label={t('details')}>
        <dt>{t('amount')}</dt>
        <dd data-testid="checkout-amount" className="checkout-amount">
          {formatMoney(checkout.amount, checkout.currency, locale)}
        </dd>
        {checkout.bookingReference && (
          <>
            <dt>{t('bookingReference')}</dt>
            <dd data-testid="checkout-booking">{checkout.bookingReference}</dd>
          </>
        )}
        <dt>{t('payer')}</dt>
        <dd data-testid="checkout-payer">{checkout.payerName}</dd>
        {dueAt ? (
          <>
            {/* A group member's instalment: its own due date, not the link's expiry (the group's deadline). */}
            <dt>{t('dueBy')}</dt>
            <dd data-testid="checkout-due">{londonDate(dueAt, locale)}</dd>
          </>
        ) : (
          <>
            <dt>{t('expires')}</dt>
            <dd data-testid="checkout-expires">{londonDateTime(checkout.expiresAt, locale)}</dd>
          </>
        )}
      </dl>
    </header>
  );
}

/** The organisation's colour band with its logo and name: the top of every page of the link. */
export async function BrandBand({ checkout }: { checkout: HostedCheckout }) {
  const t = await getTranslations('Checkout');
  const organisation = checkout.organisationName;
  const theme = brandTheme(checkout.brandColour);
  return (
    <>
      {/* The brand colour arrives as a stylesheet of our own origin (CSP: no style= attributes), and only
            when it keeps contrast; otherwise the default colours stay. React hoists it into <head>. */}
      {theme && <link rel="stylesheet" href={brandStylesheetPath(theme)} precedence="brand" />}
      <div className="brand-band" data-testid="brand-band">
        {checkout.organisationLogo && (
          // A remote logo of any size: next/image would need every host configured.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={checkout.organisationLogo} alt={t('logoAlt', { organisation })} className="checkout-logo" />
        )}
        <p className="checkout-organisation" data-testid="checkout-organisation">
          {organisation}
        </p>
      </div>
    </>
  );
}
