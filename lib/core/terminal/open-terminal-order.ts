import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { paymentLinks, type CheckoutOptions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { invalidField } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { findTerminalBooking } from './terminal-booking';
import { currencyCodes } from '../enums';
import { minorUnits } from '../shared/money-schema';

/** The two MOTO methods of the interface's transaction methods: how the card reached the member of staff. */
export const terminalMethods = ['MOTO_OTHER', 'MOTO_IN_PERSON'] as const;
export type TerminalMethod = (typeof terminalMethods)[number];

export const terminalOrderInput = z.object({
  /** The booking's id, or its reference in the organisation in view (terminal-booking.ts). */
  booking: z.string().trim().min(1).max(100),
  amount: minorUnits(),
  currency: z.enum(currencyCodes),
  method: z.enum(terminalMethods).default('MOTO_OTHER'),
});
export type TerminalOrderInput = z.output<typeof terminalOrderInput>;

/** An order is paid while the caller is on the phone: an hour, then it lapses like any checkout. */
const ORDER_LIFETIME_MS = 60 * 60 * 1000;

/**
 * The virtual terminal's card rules (product.md section 11): the organisation's own (surcharge rates, the
 * card-testing limits) apply as on any checkout; nothing a link's creator would choose for a customer does:
 * no DCC (the cardholder is not there to choose a currency), no card stored, no exclusions.
 */
const terminalOptions = (method: TerminalMethod): CheckoutOptions => ({
  authorisation_only: false,
  surcharging_enabled: true,
  dcc_enabled: false,
  excluded_card_types: [],
  excluded_card_regions: [],
  hide_store_card: true,
  store_card_forced: false,
  moto_enabled: false,
  terminal_method: method,
});

/**
 * Opens a virtual terminal order: a checkout of kind `terminal` for a booking the actor may reach (another
 * organisation's answers 404, as the API does; named by id or by reference, terminal-booking.ts), which only the back office pays (pay-terminal-order.ts) and no
 * customer page, list or API shows. The payment's method is the staff member's choice: MOTO_OTHER, or
 * MOTO_IN_PERSON when the organisation's payment_methods include it; never one a customer's page could set.
 */
export async function openTerminalOrder(
  db: Db,
  actor: Actor,
  organisationId: string,
  input: TerminalOrderInput,
): Promise<{ id: string }> {
  requireRole(actor, 'booking-and-payment:create:payment');
  const booking = await findTerminalBooking(db, actor, organisationId, input.booking);
  if (!(input.method === 'MOTO_IN_PERSON' ? booking.inPersonAllowed : booking.otherAllowed))
    throw invalidField(`The organisation's payment_methods do not include ${input.method}.`, 'terminal.method');
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(paymentLinks)
      .values({
        organisationId: booking.organisationId,
        kind: 'terminal',
        bookingId: booking.id,
        customerId: booking.customerId,
        userId: actor.userId,
        customerName: booking.customerName,
        email: booking.email,
        amount: input.amount,
        currency: input.currency,
        options: terminalOptions(input.method),
        expiresAt: new Date(now().getTime() + ORDER_LIFETIME_MS),
      })
      .returning({ id: paymentLinks.id });
    await recordAudit(tx, actor, {
      organisationId: booking.organisationId,
      type: 'terminal:open',
      entityId: created!.id,
    });
    return { id: created!.id };
  });
}
