'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { isSandbox, publicBaseUrl } from '@/lib/config';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import type { CardCheck } from '@/lib/core/hosted-checkout/card-check';
import type { CardLookup } from '@/lib/core/hosted-checkout/hosted-card-check';
import { openTerminalOrder, terminalMethods } from '@/lib/core/terminal/open-terminal-order';
import { payTerminalOrder } from '@/lib/core/terminal/pay-terminal-order';
import { terminalCardCheckFor } from '@/lib/core/terminal/terminal-request';
import { currencyCodes } from '@/lib/core/enums';
import { now } from '@/lib/clock';
import { AppError } from '@/lib/http/app-error';
import { clientIp } from '@/lib/http/client-ip';
import { dashboardAction } from '@/lib/http/dashboard-action';
import { postedCard } from '@/app/[locale]/[payment_link_id]/card-entry/card-method';
import type { CardCheckRequest } from '@/app/[locale]/[payment_link_id]/card-entry/card-fields';
import { staffForRead } from '../../staff-session';
import { terminalAmount } from './terminal-amount';

/*
 * The virtual terminal's actions (booking-and-payment:create:payment), each a dashboardAction: open an order for
 * a booking, then take the card for it. The method (MOTO_OTHER or MOTO_IN_PERSON) is the staff member's choice
 * on the first form, kept on the order; the card form cannot change it.
 */

const open = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: z.object({
    booking: z.string().trim().min(1).max(100),
    amount: terminalAmount,
    currency: z.enum(currencyCodes),
    method: z.enum(terminalMethods).default('MOTO_OTHER'),
  }),
  back: '/terminal',
  // The page reads a refused order form back by this name (the card form, on the order's page, keeps nothing).
  form: 'terminal-order',
  run: async ({ db, actor, organisationId, locale }, input) => {
    const { id } = await openTerminalOrder(db, actor, organisationId, input);
    redirect(dashboardPath(locale, `/terminal/${id}`));
  },
});

const orderId = z.uuid();

const pay = dashboardAction({
  role: 'booking-and-payment:create:payment',
  // Loose: the card's own fields (the sandbox's, or adyen-web's encrypted ones) are read by the checkout's parser.
  input: z.looseObject({ order: orderId, acceptedSurcharge: z.coerce.number().int().min(0).optional() }),
  back: '/terminal',
  // A card form: nothing of it is ever kept for the page after a refusal (kept-form.ts drops card fields anyway).
  keep: false,
  run: async ({ db, actor, locale }, input) => {
    const page = dashboardPath(locale, `/terminal/${input.order}`);
    const back = (query: Record<string, string>) => redirect(`${page}?${new URLSearchParams(query)}`);
    const form = new FormData();
    for (const [name, value] of Object.entries(input)) if (typeof value === 'string') form.set(name, value);
    // The checkout's own reading of a posted card: in production only adyen-web's encrypted fields, never a number.
    const card = postedCard(form, isSandbox(), now());
    if (!card.ok) return back({ error: 'terminal.card_invalid' });
    let outcome;
    try {
      outcome = await payTerminalOrder(db, actor, input.order, {
        method: card.method,
        acceptedSurcharge: input.acceptedSurcharge,
        returnUrl: `${publicBaseUrl()}${page}`,
        ipAddress: clientIp(await headers()),
        locale,
      });
    } catch (error) {
      // 403 and 404 go on to the wrapper; a refusal of the order itself (paid, expired, in progress) is worded on its page.
      if (error instanceof AppError && error.status !== 403 && error.status !== 404) return back({ error: error.code });
      throw error;
    }
    // A surcharge the page had not shown (no card check without JavaScript): the page asks to confirm it.
    if (outcome.outcome === 'confirm_surcharge') return back({ surcharge: String(outcome.surcharge) });
    return redirect(page);
  },
});

export async function openTerminalOrderAction(form: FormData): Promise<void> {
  await open(form);
}
export async function payTerminalOrderAction(form: FormData): Promise<void> {
  await pay(form);
}

/**
 * "The card is known" for the terminal's card fields (card-entry/card-fields.ts `check`): asked as the signed-in
 * member of staff of an order they may see; anything else is an unknown card, and the payment decides.
 */
export async function terminalCardCheckAction(request: CardCheckRequest): Promise<CardCheck> {
  const staff = await staffForRead();
  const parsed = checkRequest.safeParse(request);
  if (!staff || !parsed.success) return { status: 'unknown' };
  const card = parsed.data;
  const lookup: CardLookup =
    'encryptedCardNumber' in card
      ? {
          kind: 'adyen_encrypted',
          encryptedCardNumber: card.encryptedCardNumber,
          bin: card.bin,
          lastFour: card.lastFour,
        }
      : { kind: 'bin', bin: card.bin, lastFour: card.lastFour };
  try {
    return await terminalCardCheckFor(staff, card.linkId, lookup, clientIp(await headers()));
  } catch (error) {
    if (error instanceof AppError) return { status: 'unknown' };
    throw error;
  }
}

// As the checkout's card check takes them (card-check-action.ts): 8 digits of BIN, or adyen-web's encrypted number.
const checkRequest = z.union([
  z.object({
    linkId: orderId,
    bin: z.string().regex(/^\d{8}$/),
    lastFour: z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
  }),
  z.object({
    linkId: orderId,
    encryptedCardNumber: z.string().min(1).max(5000),
    bin: z
      .string()
      .regex(/^\d{6,8}$/)
      .optional(),
    lastFour: z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
  }),
]);
