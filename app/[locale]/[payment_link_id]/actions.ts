'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { hostedAbandon, hostedCheckoutState, hostedPayByCard, hostedStartOpenBanking } from '@/lib/core/hosted-checkout/hosted-payments';
import { isCardTestingRefusal } from '@/lib/core/payments/card-testing-refusal';
import { AppError } from '@/lib/http/app-error';
import { clientIp as trustedClientIp } from '@/lib/http/client-ip';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import { cardExclusion, type CardExclusion } from '@/lib/core/hosted-checkout/card-check';
import { CARD_LOOKUP_FAILED, type CardPaymentOutcome } from '@/lib/core/payments/pay-by-card';
import type { CardEntryError } from '@/lib/payments/card-entry';
import { postedCard } from './card-entry/card-method';
import { cardLookupMessage, motoNotAllowedMessage } from './card-refusal-messages';
import { cardTestingMessage } from './card-testing-message';
import { checkoutDestinations, surfaceCheckoutKind, type CheckoutDestinations } from './checkout-paths';
import { surfaceFromForm } from './checkout-surface';

export type CardActionState =
  | { ok: true; data: { surcharge: number; total: number; collections?: number[] } }
  | {
      ok: false;
      /** The server's own words, for refusals the page has no translation of. */
      formError?: string;
      fieldErrors?: CardEntryError[];
      /** A card the link excludes: what is refused and what is accepted, worded by the page. */
      exclusion?: CardExclusion;
      /** The card fields were not complete (production: adyen-web's encrypted fields missing). */
      incomplete?: boolean;
    }
  | null;

const target = z.object({ locale: z.string().min(2).max(10), linkId: z.uuid() });
const choices = z.object({
  acceptedSurcharge: z.coerce.number().int().nonnegative().optional(),
  acceptDcc: z.enum(['yes', 'no']).optional(),
  storeCard: z.enum(['on']).optional(),
});

/** A group member's other links paid with this one: one hidden `covered` field each (docs/groups.md). */
const coveredField = z.array(z.uuid()).max(12);
const coveredOf = (form: FormData) => {
  const parsed = coveredField.safeParse(form.getAll('covered'));
  return parsed.success ? parsed.data : ['invalid'];
};

const noRedirects = { success: null, failure: null, cancel: null };
const field = (form: FormData, name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : undefined);
// The first X-Forwarded-For entry can be forged by the client: TRUSTED_PROXY_HOPS says which entry to trust.
const clientIp = async () => trustedClientIp(await headers());

/**
 * Pays the link by card. Expected refusals come back as state (typing
 * mistakes, an excluded card, a surcharge to confirm); every outcome ends in a
 * 303 redirect: the processor's step, the result page, or the link itself,
 * which the state table turns into the one true outcome (already paid, in progress).
 */
export async function payByCardAction(_previous: CardActionState, form: FormData): Promise<CardActionState> {
  const parsedTarget = target.safeParse({ locale: field(form, 'locale'), linkId: field(form, 'linkId') });
  if (!parsedTarget.success) return { ok: false, fieldErrors: ['number', 'expiry', 'cvc', 'name'] };
  const { locale, linkId } = parsedTarget.data;
  // Raw card numbers are taken only by the sandbox processor: in production only adyen-web's encrypted fields are read.
  const card = postedCard(form, isSandbox(), now());
  if (!card.ok) {
    if ('fieldErrors' in card) return { ok: false, fieldErrors: card.fieldErrors };
    return card.refused === 'raw_card_in_production' ? { ok: false, formError: 'Card payment is not available.' } : { ok: false, incomplete: true };
  }
  const parsedChoices = choices.safeParse({
    acceptedSurcharge: field(form, 'acceptedSurcharge') || undefined, acceptDcc: field(form, 'acceptDcc') || undefined, storeCard: field(form, 'storeCard') || undefined,
  });
  const { acceptedSurcharge, acceptDcc, storeCard } = parsedChoices.success ? parsedChoices.data : {};
  // Embed: the session's pages and flags (checkout-surface.tsx); otherwise the link's.
  const surface = surfaceFromForm(form);
  const { checkout } = await hostedCheckoutState(linkId, surfaceCheckoutKind(surface));
  const to = checkoutDestinations(surface, locale, checkout ?? { id: linkId, redirects: noRedirects });
  if (!checkout) redirect(to.checkout);
  let outcome: CardPaymentOutcome | 'refused';
  try {
    outcome = await hostedPayByCard({
      checkoutId: linkId, coveredLinkIds: coveredOf(form), method: card.method, acceptedSurcharge, acceptDcc: acceptDcc === 'yes', storeCard: storeCard === 'on',
      returnUrl: to.returnUrl, transactionMethod: to.transactionMethod, ipAddress: await clientIp(),
    });
  } catch (error) {
    // Already paid, in progress in another tab, expired: the link's page shows which.
    if (!(error instanceof AppError)) throw error;
    outcome = 'refused';
  }
  if (outcome !== 'refused' && outcome.outcome === 'confirm_surcharge') return { ok: true, data: { surcharge: outcome.surcharge, total: outcome.total, collections: outcome.collections } };
  // A MOTO flag on a session that does not allow MOTO: nothing was recorded; the page says why.
  if (outcome !== 'refused' && outcome.outcome === 'not_allowed') return { ok: false, formError: await motoNotAllowedMessage(locale, checkout.organisationName) };
  if (outcome !== 'refused' && outcome.outcome === 'rejected') {
    return { ok: false, formError: await rejectionMessage(locale, outcome), ...(outcome.exclusion ? { exclusion: cardExclusion(outcome.exclusion) } : {}) };
  }
  redirect(cardPaymentDestination(outcome, to));
}

/** A refused card in the customer's language where the page has the words; otherwise the core's own. */
async function rejectionMessage(locale: string, outcome: Extract<CardPaymentOutcome, { outcome: 'rejected' }>): Promise<string> {
  if (isCardTestingRefusal(outcome)) return cardTestingMessage(locale, outcome.retryAt);
  if (outcome.reason === CARD_LOOKUP_FAILED) return cardLookupMessage(locale);
  return outcome.message;
}

/**
 * Where the customer goes after a card payment: the one place that decides it.
 * The issuer's 3-D Secure page; success or failure (the link's own URLs when
 * set); the link itself when the outcome is not known yet or the payment was
 * refused as a duplicate (paid, in progress, expired), where the state table
 * shows the one true outcome.
 */
function cardPaymentDestination(outcome: Exclude<CardPaymentOutcome, { outcome: 'confirm_surcharge' | 'rejected' | 'not_allowed' }> | 'refused', to: CheckoutDestinations): string {
  if (outcome === 'refused' || outcome.outcome === 'unsettled') return to.checkout;
  if (outcome.outcome === 'challenge') return to.step(outcome.redirectUrl);
  return outcome.outcome === 'paid' ? to.success : to.failure;
}

/** Sends the customer to their bank; a second tab or click lands on the link, which shows the payment in progress. */
export async function startOpenBankingAction(form: FormData): Promise<void> {
  const parsed = target.safeParse({ locale: field(form, 'locale'), linkId: field(form, 'linkId') });
  if (!parsed.success) redirect('/');
  const { locale, linkId } = parsed.data;
  const to = checkoutDestinations(surfaceFromForm(form), locale, { id: linkId, redirects: noRedirects });
  let destination = to.checkout;
  try {
    destination = to.step((await hostedStartOpenBanking({ checkoutId: linkId, coveredLinkIds: coveredOf(form), returnUrl: to.returnUrl, ipAddress: await clientIp() })).redirectUrl);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  redirect(destination);
}

/** The customer gives up: an attempt waiting at 3-D Secure or the bank is abandoned; then the cancel page or URL. */
export async function cancelAction(form: FormData): Promise<void> {
  const parsed = target.safeParse({ locale: field(form, 'locale'), linkId: field(form, 'linkId') });
  if (!parsed.success) redirect('/');
  const { locale, linkId } = parsed.data;
  const surface = surfaceFromForm(form);
  await hostedAbandon(linkId, surfaceCheckoutKind(surface));
  const { checkout, state } = await hostedCheckoutState(linkId, surfaceCheckoutKind(surface));
  const to = checkoutDestinations(surface, locale, checkout ?? { id: linkId, redirects: noRedirects });
  redirect(checkout && state !== 'paid' ? to.cancel : to.checkout);
}
