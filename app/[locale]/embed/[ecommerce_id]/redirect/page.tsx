import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { publicBaseUrl, serviceMode } from '@/lib/config';
import { hostedCheckoutState } from '@/lib/core/hosted-checkout/hosted-payments';
import { parseEmbedFlags } from '@/lib/embed/embed-flags';
import { stageMessage } from '@/lib/embed/embed-protocol';
import { isPaymentStepUrl } from '@/lib/embed/step-url';
import { processorOrigins } from '@/lib/http/security-headers';
import { embedPath } from '../../../[payment_link_id]/checkout-paths';
import { EmbedBridge, EmbedStepRedirect } from '../embed-bridge';
import type { EmbedProps } from '../page';

/**
 * A payment step inside the frame: the card issuer's 3-D Secure page or the bank.
 * The page tells the parent `processing` (with the transactionID) and
 * `{"iframeRedirect": url}`; the vendor SDK then loads the step in the frame, and under
 * any other host the page loads it itself (EmbedStepRedirect), so it is requested once. `to` comes from the
 * query, so it is followed only while the session's payment waits at such a step
 * and only to this service's sandbox step pages or the processor's own origins.
 */
export default async function EmbedRedirectPage({ params, searchParams }: EmbedProps) {
  await connection();
  const { locale, ecommerce_id: id } = await params;
  const query = await searchParams;
  const flags = parseEmbedFlags(query);
  const to = typeof query.to === 'string' ? query.to : '';
  const { checkout, state } = await hostedCheckoutState(id, 'ecommerce');
  const allowed = isPaymentStepUrl(to, new URL(publicBaseUrl()).origin, processorOrigins(serviceMode(), process.env));
  if (!checkout?.latest || state !== 'away' || !allowed) redirect(embedPath(locale, id, '', flags));
  const t = await getTranslations('Embed');
  return (
    <main className="checkout narrow embed" data-state="redirect" data-testid="embed">
      <EmbedBridge sessionId={id} message={stageMessage({ stage: 'processing', transactionID: checkout.latest.id })} />
      <EmbedStepRedirect url={to} />
      <h1>{t('redirectTitle')}</h1>
      <p>{t('redirectBody')}</p>
      <p>
        <a href={to} data-testid="step-continue">
          {t('redirectContinue')}
        </a>
      </p>
    </main>
  );
}
