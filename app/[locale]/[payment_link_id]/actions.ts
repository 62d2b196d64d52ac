'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { isCardTestingRefusal } from '@/lib/core/payments/card-testing-refusal';
import { hostedAbandon, hostedCheckoutState, hostedPayByCard, hostedStartOpenBanking } from '@/lib/core/hosted-checkout/hosted-payments';
import { AppError } from '@/lib/http/app-error';
import { clientIp as trustedClientIp } from '@/lib/http/client-ip';
import { cardEntryErrors, parseExpiry, type CardEntryError } from '@/lib/payments/card-entry';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import { cardTestingMessage } from './card-testing-message';
import { checkoutPath, outcomeUrl, returnUrl } from './checkout-paths';

export type CardActionState =
  | { ok: true; data: { surcharge: number; total: number } }
  | { ok: false; formError?: string; fieldErrors?: CardEntryError[] }
  | null;

const target = z.object({ locale: z.string().min(2).max(10), linkId: z.uuid() });
const cardInput = target.extend({
  number: z.string().max(40), expiry: z.string().max(10), cvc: z.string().max(4), name: z.string().max(100),
  acceptedSurcharge: z.coerce.number().int().nonnegative().optional(),
});

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
  // Raw card numbers are taken only by the sandbox processor; never accept (or forward) one in production.
  if (!isSandbox()) return { ok: false, formError: 'Card payment is not available.' };
  const parsed = cardInput.safeParse({
    locale: field(form, 'locale'), linkId: field(form, 'linkId'), number: field(form, 'number') ?? '', expiry: field(form, 'expiry') ?? '',
    cvc: field(form, 'cvc') ?? '', name: field(form, 'name') ?? '', acceptedSurcharge: field(form, 'acceptedSurcharge') || undefined,
  });
  if (!parsed.success) return { ok: false, fieldErrors: ['number', 'expiry', 'cvc', 'name'] };
  const { locale, linkId, number, expiry, cvc, name, acceptedSurcharge } = parsed.data;
  const fieldErrors = cardEntryErrors({ number, expiry, cvc, name }, now());
  if (fieldErrors.length > 0) return { ok: false, fieldErrors };
  const { checkout } = await hostedCheckoutState(linkId);
  if (!checkout) redirect(checkoutPath(locale, linkId));
  const { month, year } = parseExpiry(expiry)!;
  let destination: string;
  try {
    const outcome = await hostedPayByCard({
      checkoutId: linkId, method: { kind: 'card', number, expiryMonth: month, expiryYear: year, cvc: cvc.trim(), holderName: name.trim() },
      acceptedSurcharge, returnUrl: returnUrl(locale, linkId), ipAddress: await clientIp(),
    });
    if (outcome.outcome === 'confirm_surcharge') return { ok: true, data: { surcharge: outcome.surcharge, total: outcome.total } };
    if (outcome.outcome === 'rejected') return { ok: false, formError: isCardTestingRefusal(outcome) ? await cardTestingMessage(locale, outcome.retryAt) : outcome.message };
    if (outcome.outcome === 'challenge') destination = outcome.redirectUrl;
    else if (outcome.outcome === 'paid') destination = outcomeUrl(checkout, locale, 'success');
    else if (outcome.outcome === 'unsettled') destination = checkoutPath(locale, linkId);
    else destination = outcomeUrl(checkout, locale, 'failure');
  } catch (error) {
    // Already paid, in progress in another tab, expired: the link's page shows which.
    if (!(error instanceof AppError)) throw error;
    destination = checkoutPath(locale, linkId);
  }
  redirect(destination);
}

/** Sends the customer to their bank; a second tab or click lands on the link, which shows the payment in progress. */
export async function startOpenBankingAction(form: FormData): Promise<void> {
  const parsed = target.safeParse({ locale: field(form, 'locale'), linkId: field(form, 'linkId') });
  if (!parsed.success) redirect('/');
  const { locale, linkId } = parsed.data;
  let destination = checkoutPath(locale, linkId);
  try {
    destination = (await hostedStartOpenBanking({ checkoutId: linkId, returnUrl: returnUrl(locale, linkId), ipAddress: await clientIp() })).redirectUrl;
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
  await hostedAbandon(linkId);
  const { checkout, state } = await hostedCheckoutState(linkId);
  redirect(checkout && state !== 'paid' ? outcomeUrl(checkout, locale, 'cancel') : checkoutPath(locale, linkId));
}
