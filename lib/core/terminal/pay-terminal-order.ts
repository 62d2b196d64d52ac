import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/types';
import type { PaymentMethodInput } from '@/lib/payments/processor';
import { hostedCardCheck, type CardLookup } from '../hosted-checkout/hosted-card-check';
import type { CardCheck } from '../hosted-checkout/card-check';
import { payableSelection } from '../payments/member-coverage';
import { chargeCard, type CardPaymentOutcome } from '../payments/pay-by-card';
import { findTerminalOrder } from './terminal-order';

export type TerminalPaymentInput = {
  method: PaymentMethodInput;
  /** The surcharge the member of staff read out and the caller accepted; another surcharge is not taken. */
  acceptedSurcharge?: number;
  /** Required by Adyen's v71 PaymentRequest even when no redirect can follow (adyen-requests.ts): the order's page. */
  returnUrl: string;
  ipAddress?: string | null;
  locale?: string | null;
};

/**
 * Takes the card for a terminal order: the staff member's role and organisation first (404 for an order the actor
 * cannot see), then the checkout's own card path (chargeCard: exclusions, surcharge, card-testing limits, the
 * processor call, settlement), recorded with the method staff chose when opening the order and sent to the
 * processor as MOTO (Adyen: shopperInteraction `Moto`, no 3-D Secure). The payment's audit names the staff member.
 */
export async function payTerminalOrder(
  db: Db,
  actor: Actor,
  orderId: string,
  input: TerminalPaymentInput,
): Promise<CardPaymentOutcome> {
  const order = await findTerminalOrder(db, actor, orderId);
  const checkout = await payableSelection(db, order.id);
  return chargeCard(
    db,
    {
      checkoutId: order.id,
      method: input.method,
      storeCard: false,
      acceptedSurcharge: input.acceptedSurcharge,
      acceptDcc: false,
      returnUrl: input.returnUrl,
      ipAddress: input.ipAddress ?? null,
      locale: input.locale ?? null,
    },
    checkout,
    order.method,
    actor,
  );
}

/** "The card is known" for a terminal order: its facts and the order's rules, as the hosted pages ask them. */
export async function terminalCardCheck(
  db: Db,
  actor: Actor,
  orderId: string,
  lookup: CardLookup,
  ipAddress: string | null,
): Promise<CardCheck> {
  const order = await findTerminalOrder(db, actor, orderId);
  return hostedCardCheck(order.id, lookup, [], ipAddress, { terminal: true });
}
