import { getTranslations } from 'next-intl/server';
import type { CheckoutPageState } from '@/lib/core/hosted-checkout/checkout-page-state';
import type { HostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { embedStoreCardChoice, type EmbedFlags } from '@/lib/embed/embed-flags';
import { stageMessage } from '@/lib/embed/embed-protocol';
import { pageStage } from '@/lib/embed/page-stage';
import { embedPath } from '../../[payment_link_id]/checkout-paths';
import {
  AwaySection,
  ConfirmingSection,
  ExpiredSection,
  PaidSection,
  PaymentMethods,
} from '../../[payment_link_id]/checkout-sections';
import { CheckoutSummary } from '../../[payment_link_id]/checkout-summary';
import { EmbedBridge } from './embed-bridge';

type Props = {
  checkout: HostedCheckout | null;
  state: CheckoutPageState;
  locale: string;
  id: string;
  flags: EmbedFlags;
  /** The failure page: the latest attempt was declined or failed; the form shows again below the notice. */
  declined?: string;
};

/**
 * The embedded checkout: the payment link page's parts (summary, card and bank
 * forms, cancel, receipt) for an ecommerce session, each state as the state table
 * says, plus the bridge that speaks to the parent page. No site navigation, no
 * cancel button on the form (the merchant's page around it has its own).
 */
export async function EmbedCheckout({ checkout, state, locale, id, flags, declined }: Props) {
  const t = await getTranslations('Embed');
  if (!checkout) return <EmbedNotFound />;
  const message = stageMessage(pageStage(checkout, state, declined, flags.moto));
  const organisation = checkout.organisationName;
  const surface = { kind: 'embed', flags } as const;
  const target = { linkId: id, locale, surface };
  return (
    <main className="checkout narrow embed" data-state={state} data-testid="embed">
      <EmbedBridge sessionId={id} message={message} />
      <CheckoutSummary checkout={checkout} locale={locale} />
      {state === 'paid' && <PaidSection checkout={checkout} locale={locale} wording="Embed" />}
      {state === 'expired' && <ExpiredSection organisation={organisation} wording="Embed" />}
      {state === 'confirming' && <ConfirmingSection checkAgainHref={embedPath(locale, id, '', flags)} />}
      {state === 'away' && <AwaySection {...target} />}
      {state === 'active' && (
        <>
          {declined && (
            <div className="notice" role="alert" data-testid="declined">
              <h2>{t('declinedTitle')}</h2>
              <p>{t('declinedBody')}</p>
            </div>
          )}
          {!checkout.methods.card && !checkout.methods.openBanking && (
            <p className="notice">{t('noMethod', { organisation })}</p>
          )}
          {flags.moto && !checkout.motoAllowed ? (
            // The MOTO flag is refused here with its reason, never turned silently into an online payment (lib/core/payments/moto.ts).
            <div className="notice" role="alert" data-testid="moto-not-allowed">
              <p>{t('motoNotAllowed', { organisation })}</p>
            </div>
          ) : (
            <PaymentMethods
              checkout={checkout}
              target={target}
              storeCard={embedStoreCardChoice(checkout.storeCard, flags)}
              hidePayButton={flags.hidePayButton}
            />
          )}
        </>
      )}
    </main>
  );
}

/**
 * An unknown or deleted session, inside the frame: the parent hears `embed.not_found` (no session to
 * pay, so the bridge's id is empty and INITIATE_PAY finds nothing). The page answers it with status
 * 404 (not-found.tsx); the failure and return pages show it too.
 */
export async function EmbedNotFound() {
  const t = await getTranslations('Embed');
  return (
    <main className="checkout narrow embed" data-state="not_found" data-testid="embed">
      <EmbedBridge sessionId="" message={stageMessage(pageStage(null, 'not_found', undefined, false))} />
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundBody')}</p>
    </main>
  );
}
