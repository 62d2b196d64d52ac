'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import {
  hostedAbandon,
  hostedCheckoutState,
  hostedPayByCard,
  hostedStartOpenBanking,
} from '@/lib/core/hosted-checkout/hosted-payments';
import { isCardTestingRefusal } from '@/lib/core/payments/card-testing-refusal';
import { AppError } from '@/lib/http/app-error';
import type { ActionPage } from '@/lib/http/action-page';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import { cardExclusion, type CardExclusion } from '@/lib/core/hosted-checkout/card-check';
import { CARD_LOOKUP_FAILED, type CardPaymentOutcome } from '@/lib/core/payments/pay-by-card';
import type { CardEntryError } from '@/lib/payments/card-entry';
import { parseEmbedFlags } from '@/lib/embed/embed-flags';
import { actionRefusalMessage } from '../action-refusal-message';
import { checkoutAction, formValues } from '../checkout-action';
import { postedCard } from './card-entry/card-method';
import { cardLookupMessage, motoNotAllowedMessage } from './card-refusal-messages';
import { cardTestingMessage } from './card-testing-message';
import { checkoutDestinations, surfaceCheckoutKind, type CheckoutDestinations } from './checkout-paths';
import { pageSurface, type CheckoutSurface } from './checkout-surface';
import { optionalField } from '../optional-field';

/*
 * The checkout's forms: pay by card, pay by bank, cancel. Each is checkoutAction
 * (../checkout-action.ts: Origin, the page's own link or session, the host's
 * organisation, zod, every error mapped) around one core call through
 * lib/core/hosted-checkout/hosted-payments.ts. The link acted on is the page's:
 * the hidden `linkId` field is only compared with it.
 */

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

/** A group member's other links paid with this one: one hidden `covered` field each (docs/groups.md). */
const covered = z.array(z.uuid()).max(12);
/** What every checkout form posts besides its own fields (the page's `linkId` and `locale` are the address's, not these). */
const checkoutForm = z.object({
  covered,
  surface: optionalField(z.enum(['embed'])),
  embedFlags: optionalField(z.string().max(500)),
});
const cardChoices = checkoutForm.extend({
  acceptedSurcharge: optionalField(z.coerce.number().int().nonnegative()),
  acceptDcc: optionalField(z.enum(['yes', 'no'])),
  storeCard: optionalField(z.enum(['on'])),
});

const noRedirects = { success: null, failure: null, cancel: null };
const checkoutPages = ['payment_link', 'ecommerce'] as const;

/** The page's surface: an embed page's flags (checkout-surface.tsx), else the link page, whatever the form says. */
const surfaceOf = (page: ActionPage, embedFlags: string | undefined): CheckoutSurface =>
  page.kind === 'ecommerce'
    ? { kind: 'embed', flags: parseEmbedFlags(new URLSearchParams(embedFlags ?? '')) }
    : pageSurface;

const payByCard = checkoutAction({
  pages: checkoutPages,
  idField: 'linkId',
  input: cardChoices,
  refused: async ({ reason, locale, expectedOrigin }): Promise<CardActionState> => ({
    ok: false,
    formError: await actionRefusalMessage(locale, reason, expectedOrigin),
  }),
  run: async ({ page, ipAddress }, input, form: FormData): Promise<CardActionState> => {
    const { id: linkId, locale } = page;
    // Raw card numbers are taken only by the sandbox processor: in production only adyen-web's encrypted fields are read.
    const card = postedCard(form, isSandbox(), now());
    if (!card.ok) {
      if ('fieldErrors' in card) return { ok: false, fieldErrors: card.fieldErrors };
      return card.refused === 'raw_card_in_production'
        ? { ok: false, formError: 'Card payment is not available.' }
        : { ok: false, incomplete: true };
    }
    // Embed: the session's pages and flags (checkout-surface.tsx); otherwise the link's.
    const surface = surfaceOf(page, input.embedFlags);
    const { checkout } = await hostedCheckoutState(linkId, surfaceCheckoutKind(surface));
    const to = checkoutDestinations(surface, locale, checkout ?? { id: linkId, redirects: noRedirects });
    if (!checkout) redirect(to.checkout);
    let outcome: CardPaymentOutcome | 'refused';
    try {
      outcome = await hostedPayByCard({
        checkoutId: linkId,
        coveredLinkIds: input.covered,
        method: card.method,
        acceptedSurcharge: input.acceptedSurcharge,
        acceptDcc: input.acceptDcc === 'yes',
        storeCard: input.storeCard === 'on',
        returnUrl: to.returnUrl,
        transactionMethod: to.transactionMethod,
        ipAddress,
        locale,
      });
    } catch (error) {
      // Already paid, in progress in another tab, expired: the link's page shows which.
      if (!(error instanceof AppError)) throw error;
      outcome = 'refused';
    }
    if (outcome !== 'refused' && outcome.outcome === 'confirm_surcharge')
      return {
        ok: true,
        data: { surcharge: outcome.surcharge, total: outcome.total, collections: outcome.collections },
      };
    // A MOTO flag on a session that does not allow MOTO: nothing was recorded; the page says why.
    if (outcome !== 'refused' && outcome.outcome === 'not_allowed')
      return { ok: false, formError: await motoNotAllowedMessage(locale, checkout.organisationName) };
    if (outcome !== 'refused' && outcome.outcome === 'rejected') {
      return {
        ok: false,
        formError: await rejectionMessage(locale, outcome),
        ...(outcome.exclusion ? { exclusion: cardExclusion(outcome.exclusion) } : {}),
      };
    }
    redirect(cardPaymentDestination(outcome, to));
  },
});

/**
 * Pays the page's link (or embed session) by card. Expected refusals come back
 * as state (typing mistakes, an excluded card, a surcharge to confirm, a refused
 * request); every outcome ends in a 303 redirect: the processor's step, the
 * result page, or the link itself, which the state table turns into the one true
 * outcome (already paid, in progress).
 */
export async function payByCardAction(_previous: CardActionState, form: FormData): Promise<CardActionState> {
  return payByCard(formValues(form, ['covered']), form);
}

/** A refused card in the customer's language where the page has the words; otherwise the core's own. */
async function rejectionMessage(
  locale: string,
  outcome: Extract<CardPaymentOutcome, { outcome: 'rejected' }>,
): Promise<string> {
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
function cardPaymentDestination(
  outcome: Exclude<CardPaymentOutcome, { outcome: 'confirm_surcharge' | 'rejected' | 'not_allowed' }> | 'refused',
  to: CheckoutDestinations,
): string {
  if (outcome === 'refused' || outcome.outcome === 'unsettled') return to.checkout;
  if (outcome.outcome === 'challenge') return to.step(outcome.redirectUrl);
  return outcome.outcome === 'paid' ? to.success : to.failure;
}

const startOpenBanking = checkoutAction({
  pages: checkoutPages,
  idField: 'linkId',
  input: checkoutForm,
  run: async ({ page, ipAddress }, input): Promise<never> => {
    const to = checkoutDestinations(surfaceOf(page, input.embedFlags), page.locale, {
      id: page.id,
      redirects: noRedirects,
    });
    let destination = to.checkout;
    try {
      destination = to.step(
        (
          await hostedStartOpenBanking({
            checkoutId: page.id,
            coveredLinkIds: input.covered,
            returnUrl: to.returnUrl,
            ipAddress,
            locale: page.locale,
          })
        ).redirectUrl,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    redirect(destination);
  },
});

/** Sends the customer to their bank; a second tab or click lands on the link, which shows the payment in progress. */
export async function startOpenBankingAction(form: FormData): Promise<void> {
  await startOpenBanking(formValues(form, ['covered']), undefined);
}

const cancel = checkoutAction({
  pages: checkoutPages,
  idField: 'linkId',
  input: checkoutForm,
  run: async ({ page }, input): Promise<never> => {
    const surface = surfaceOf(page, input.embedFlags);
    await hostedAbandon(page.id, surfaceCheckoutKind(surface));
    const { checkout, state } = await hostedCheckoutState(page.id, surfaceCheckoutKind(surface));
    const to = checkoutDestinations(surface, page.locale, checkout ?? { id: page.id, redirects: noRedirects });
    redirect(checkout && state !== 'paid' ? to.cancel : to.checkout);
  },
});

/** The customer gives up: an attempt waiting at 3-D Secure or the bank is abandoned; then the cancel page or URL. */
export async function cancelAction(form: FormData): Promise<void> {
  await cancel(formValues(form, ['covered']), undefined);
}
