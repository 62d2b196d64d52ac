import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { hostedLinkQr } from '@/lib/core/payment-links/hosted-link-qr';
import { CheckoutSummary } from '../checkout-summary';

type Props = { params: Promise<{ locale: string; payment_link_id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, payment_link_id: id } = await params;
  const [qr, t] = [await hostedLinkQr(id), await getTranslations({ locale, namespace: 'LinkQr' })];
  return qr ? { title: t('metaTitle', { organisation: qr.checkout.organisationName }) } : {};
}

/**
 * The link's QR code for a customer in the shop (docs/api-extensions.md "QR code of a payment link"): a member of
 * staff opens /{id}/qr on a tablet and turns it round; the customer scans it and pays on their own phone. The
 * code is large, black on white, with the amount and organisation above it and the address written out below
 * (its alt text names the address too). A paid or expired link shows why there is no code. No JavaScript.
 */
export default async function LinkQrPage({ params }: Props) {
  await connection();
  const { locale, payment_link_id: id } = await params;
  const qr = await hostedLinkQr(id);
  if (!qr) notFound();
  const t = await getTranslations('LinkQr');
  return (
    <main className="checkout narrow" data-testid="link-qr">
      <CheckoutSummary checkout={qr.checkout} locale={locale} />
      {qr.svg ? (
        <section aria-labelledby="qr-heading">
          <h2 id="qr-heading">{t('heading')}</h2>
          <p>{t('instructions')}</p>
          {/* An image of our own making (the qrcode library's SVG), as a data: URL: CSP allows data: images. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            className="qr-code"
            data-testid="qr-image"
            src={`data:image/svg+xml;base64,${Buffer.from(qr.svg).toString('base64')}`}
            alt={t('alt', { url: qr.url })}
          />
          <p>
            {t('orOpen')}{' '}
            <span className="qr-url" dir="ltr" data-testid="qr-url">
              {qr.url}
            </span>
          </p>
        </section>
      ) : (
        <p role="status" data-testid="qr-unavailable">
          {t(qr.state === 'paid' ? 'paid' : qr.state === 'confirming' ? 'inProgress' : 'expired')}
        </p>
      )}
    </main>
  );
}
