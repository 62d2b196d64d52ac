'use server';

import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import { hostedCheckoutState, hostedPayByCard } from '@/lib/core/hosted-checkout/hosted-payments';
import type { CardPaymentOutcome } from '@/lib/core/payments/pay-by-card';
import type { ActionPage } from '@/lib/http/action-page';
import { AppError } from '@/lib/http/app-error';
import { parseEmbedFlags } from '@/lib/embed/embed-flags';
import { walletKinds, type PaymentMethodInput } from '@/lib/payments/processor/port';
import { checkoutAction, formValues, type CheckoutActionContext } from '../../checkout-action';
import { checkoutDestinations, surfaceCheckoutKind, type CheckoutDestinations } from '../checkout-paths';
import { pageSurface, type CheckoutSurface } from '../checkout-surface';
import { cardExclusion } from '@/lib/core/hosted-checkout/card-check';
import { isCardTestingRefusal } from '@/lib/core/payments/card-testing-refusal';
import { formatMoney } from '@/lib/money';
import { walletNames } from '@/lib/payments/wallet-names';
import { exclusionText } from '../card-entry/exclusion-text';
import { cardTestingMessage } from '../card-testing-message';
import { sandboxWalletMethod } from './sandbox-wallet-cards';
import { walletStepPath } from './wallet-paths';
import { optionalField } from '../../optional-field';

/*
 * Paying with a wallet (docs/checkout.md, "Wallets"): the card the wallet hands over is paid through
 * payByCard, so the link's exclusions, surcharge, card-testing limits and store-card options apply on the
 * server exactly as for a card typed in. Sandbox: the stand-in's chosen test card (a plain form, no script).
 * Production: the token of adyen-web's ApplePay or GooglePay component, posted by the wallet button.
 */

const walletForm = z.object({
  covered: z.array(z.string().uuid()).max(50).default([]),
  surface: optionalField(z.enum(['embed'])),
  embedFlags: optionalField(z.string().max(500)),
  wallet: z.enum(walletKinds),
  acceptedSurcharge: optionalField(z.coerce.number().int().nonnegative()),
  storeCard: optionalField(z.enum(['on'])),
});
const sandboxWalletForm = walletForm.extend({ walletCard: z.string().min(1).max(40) });
// Checkout v71: applePayToken and googlePayToken are at most 10000 characters (CheckoutService-v71.json).
const tokenForm = walletForm.extend({ token: z.string().min(1).max(10000) });

const noRedirects = { success: null, failure: null, cancel: null };
const checkoutPages = ['payment_link', 'ecommerce'] as const;

const surfaceOf = (page: ActionPage, embedFlags: string | undefined): CheckoutSurface =>
  page.kind === 'ecommerce'
    ? { kind: 'embed', flags: parseEmbedFlags(new URLSearchParams(embedFlags ?? '')) }
    : pageSurface;

type WalletInput = z.output<typeof walletForm>;
type Paid = {
  outcome: CardPaymentOutcome | 'refused';
  to: CheckoutDestinations;
  surface: CheckoutSurface;
  /** The checkout's currency (our code), for the words of a surcharge to confirm. */
  currency: string;
};

/** Pays the page's checkout with the wallet's card through the card payment core; 'refused': paid, in progress or expired. */
async function payWithWallet(
  { page, ipAddress }: CheckoutActionContext,
  input: WalletInput,
  method: (sandbox: boolean) => PaymentMethodInput | null,
): Promise<Paid> {
  const surface = surfaceOf(page, input.embedFlags);
  const { checkout } = await hostedCheckoutState(page.id, surfaceCheckoutKind(surface));
  const to = checkoutDestinations(surface, page.locale, checkout ?? { id: page.id, redirects: noRedirects });
  const card = checkout ? method(isSandbox()) : null;
  const currency = checkout?.currency ?? 'GBX';
  if (!card) return { outcome: 'refused', to, surface, currency };
  try {
    const outcome = await hostedPayByCard({
      checkoutId: page.id,
      coveredLinkIds: input.covered,
      method: card,
      acceptedSurcharge: input.acceptedSurcharge,
      storeCard: input.storeCard === 'on',
      returnUrl: to.returnUrl,
      transactionMethod: to.transactionMethod,
      ipAddress,
      locale: page.locale,
    });
    return { outcome, to, surface, currency };
  } catch (error) {
    // Already paid, in progress in another tab, expired: the link's page shows which.
    if (!(error instanceof AppError)) throw error;
    return { outcome: 'refused', to, surface, currency };
  }
}

/** Where a settled wallet payment goes: as a card payment's (actions.ts cardPaymentDestination). */
function settledDestination(outcome: CardPaymentOutcome | 'refused', to: CheckoutDestinations): string | null {
  if (outcome === 'refused' || outcome.outcome === 'unsettled') return to.checkout;
  if (outcome.outcome === 'challenge') return to.step(outcome.redirectUrl);
  if (outcome.outcome === 'paid') return to.success;
  if (outcome.outcome === 'declined' || outcome.outcome === 'failed') return to.failure;
  return null;
}

const paySandboxWallet = checkoutAction({
  pages: checkoutPages,
  idField: 'linkId',
  input: sandboxWalletForm,
  run: async (context, input): Promise<never> => {
    // The stand-in exists only in the sandbox: production pays real wallets' tokens only.
    const { outcome, to, surface } = await payWithWallet(context, input, (sandbox) =>
      sandbox ? sandboxWalletMethod(input.walletCard, input.wallet, now()) : null,
    );
    const settled = settledDestination(outcome, to);
    if (settled !== null || outcome === 'refused') redirect(settled ?? to.checkout);
    const step = { wallet: input.wallet, card: input.walletCard, covered: input.covered };
    // A surcharge the customer has not seen yet: the wallet's sheet shows the total to confirm, as Apple Pay's does.
    if (outcome.outcome === 'confirm_surcharge')
      redirect(
        walletStepPath(surface, context.page.locale, context.page.id, {
          ...step,
          surcharge: outcome.surcharge,
          total: outcome.total,
        }),
      );
    // Refused by the link's rules (excluded, card testing, MOTO): recorded by the core; the sheet says so.
    redirect(walletStepPath(surface, context.page.locale, context.page.id, { ...step, refused: true }));
  },
});

/** The sandbox wallet stand-in's form: pays the chosen test card as the chosen wallet. */
export async function paySandboxWalletAction(form: FormData): Promise<void> {
  await paySandboxWallet(formValues(form, ['covered']), undefined);
}

/**
 * What the wallet button learns: where to go now (the payment was taken or decided); that the card was refused
 * (`message`: why and what is accepted, in the page's language); or a surcharge to confirm, the wallet's sheet to
 * open again at `total`, posting `acceptedSurcharge` (`message` says so).
 */
export type WalletTokenState =
  | { ok: true; destination: string }
  | { ok: false; refused: 'card' | 'unavailable'; message?: string }
  | { ok: false; confirm: { surcharge: number; total: number }; message: string };

const payWalletToken = checkoutAction({
  pages: checkoutPages,
  idField: 'linkId',
  input: tokenForm,
  refused: (): WalletTokenState => ({ ok: false, refused: 'unavailable' }),
  run: async (context, input): Promise<WalletTokenState> => {
    const { outcome, to, currency } = await payWithWallet(context, input, (sandbox) =>
      sandbox ? null : { kind: 'adyen_wallet', wallet: input.wallet, token: input.token },
    );
    // The wallet's sheet closes first (adyen-web's actions.resolve), then the page goes where a card payment would.
    const settled = settledDestination(outcome, to);
    if (settled !== null) return { ok: true, destination: settled };
    if (outcome === 'refused') return { ok: false, refused: 'card' };
    // Authorised, then judged on the card's facts (wallet-decision.ts): its surcharge is shown before anything is
    // taken, and the customer pays again with the wallet at the total, as the sandbox stand-in's sheet asks.
    if (outcome.outcome === 'confirm_surcharge') {
      const { surcharge, total } = outcome;
      return {
        ok: false,
        confirm: { surcharge, total },
        message: await surchargeText(context.page.locale, currency, input, outcome),
      };
    }
    if (outcome.outcome === 'rejected')
      return { ok: false, refused: 'card', message: await walletRefusalText(context.page.locale, outcome) };
    return { ok: false, refused: 'card' };
  },
});

/** The surcharge the wallet's card carries and the total the wallet will pay, in the page's language. */
async function surchargeText(
  locale: string,
  currency: string,
  input: WalletInput,
  outcome: { surcharge: number; total: number },
): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'Wallet' });
  const money = (value: number) => formatMoney(value, currency, locale);
  const wallet = walletNames[input.wallet];
  const again = t('payAgain', { wallet, total: money(outcome.total) });
  if (outcome.surcharge === 0) return again;
  return `${t('surchargeBody', { surcharge: money(outcome.surcharge), total: money(outcome.total), wallet })} ${again}`;
}

/** A wallet's card the link refused after its authorisation, in the same words as a typed card refused before it. */
async function walletRefusalText(
  locale: string,
  outcome: Extract<CardPaymentOutcome, { outcome: 'rejected' }>,
): Promise<string> {
  if (isCardTestingRefusal(outcome)) return cardTestingMessage(locale, outcome.retryAt);
  const t = await getTranslations({ locale, namespace: 'CardFacts' });
  if (outcome.exclusion)
    return `${t('excludedTitle')}. ${exclusionText((key, values) => t(key, values), locale, cardExclusion(outcome.exclusion))}`;
  return t('unverifiedBody');
}

/** A real wallet's payment (production): the token adyen-web's ApplePay or GooglePay component gave. */
export async function payWalletTokenAction(values: Record<string, string | string[]>): Promise<WalletTokenState> {
  return payWalletToken(values, undefined);
}
