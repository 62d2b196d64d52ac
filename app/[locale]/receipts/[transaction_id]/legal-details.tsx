import { getTranslations } from 'next-intl/server';
import type { LegalDetails as Details } from '@/lib/core/hosted-checkout/hosted-receipt';

/** The organisation's legal details at the foot of the receipt: only those its settings give. */
export async function LegalDetails({ organisation, legal }: { organisation: string; legal: Details }) {
  const t = await getTranslations('Receipt');
  const lines = [
    ['companyNumber', legal.companyNumber],
    ['vatNumber', legal.vatNumber],
    ['atolNumber', legal.atolNumber],
  ] as const;
  if (!legal.address && lines.every(([, value]) => !value)) return null;
  return (
    <footer className="receipt-legal" aria-labelledby="receipt-legal-heading" data-testid="receipt-legal">
      <h2 id="receipt-legal-heading">{organisation}</h2>
      {legal.address && (
        <address className="receipt-address" data-testid="receipt-address">
          {legal.address}
        </address>
      )}
      <dl className="checkout-details">
        {lines.map(
          ([key, value]) =>
            value && (
              <div key={key}>
                <dt>{t(key)}</dt>
                <dd data-testid={`receipt-${key}`}>{value}</dd>
              </div>
            ),
        )}
      </dl>
    </footer>
  );
}
