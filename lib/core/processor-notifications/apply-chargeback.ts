import { and, eq, inArray } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { chargebacks } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { emitEvent } from '@/lib/events/emit-event';
import { isoCurrency } from '@/lib/money';
import { applied, ignored, type ApplyOutcome, type ClaimedNotification } from './apply-outcome';
import { lockTransaction } from '../balance/booking-balance';
import { findPayment } from './find-target';
import type { NotificationItem } from './notification-item';

export type ChargebackStatus = 'NOTIFIED' | 'CHARGED_BACK' | 'REVERSED';

export const chargebackStatusOf: Record<string, ChargebackStatus | undefined> = {
  NOTIFICATION_OF_CHARGEBACK: 'NOTIFIED',
  CHARGEBACK: 'CHARGED_BACK',
  CHARGEBACK_REVERSED: 'REVERSED',
};

/** A chargeback only moves forward: NOTIFIED → CHARGED_BACK → REVERSED (a step may be skipped, never undone). */
const earlier: Record<ChargebackStatus, ChargebackStatus[]> = {
  NOTIFIED: [],
  CHARGED_BACK: ['NOTIFIED'],
  REVERSED: ['NOTIFIED', 'CHARGED_BACK'],
};

const dateOf = (value: string | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/**
 * NOTIFICATION_OF_CHARGEBACK, CHARGEBACK, CHARGEBACK_REVERSED: one chargeback
 * per dispute (the items' pspReference; originalReference is the payment),
 * created by whichever item comes first and moved only forward, so items out
 * of order or repeated change nothing twice. The creation emits
 * chargeback.opened and each move chargeback.updated, in the same transaction.
 * It takes the balance module's locks first (the booking, then the payment), as
 * refunds, credit notes and re-assigns do, so a refund or credit note racing it
 * sees the chargeback or is seen by it, never half of it (what a chargeback
 * took is no longer refundable: lib/core/balance/booking-balance.ts).
 */
export async function applyChargeback(db: Db, n: ClaimedNotification): Promise<ApplyOutcome> {
  const { item } = n;
  const status = chargebackStatusOf[item.eventCode]!;
  if (!item.success) return ignored(`${item.eventCode} with success false`);
  const payment = await findPayment(db, item.originalReference, item.merchantReference);
  if (!payment) return ignored('no payment with this original reference');
  const at = item.eventDate ?? now();
  const dueDate = dateOf(item.additionalData.defensePeriodEndsAt);
  const reason = item.reason ?? item.additionalData.chargebackReasonCode ?? null;
  return db.transaction(async (tx) => {
    await lockTransaction(tx, payment.id);
    const [created] = await tx
      .insert(chargebacks)
      .values({
        organisationId: payment.organisationId,
        transactionId: payment.id,
        providerReference: item.pspReference,
        amount: item.amount ?? payment.processorAmount ?? payment.amount,
        currency: item.currency ?? payment.processorCurrency ?? isoCurrency(payment.currency),
        reason,
        status,
        receivedDate: at,
        dueDate,
        postingDate: status === 'CHARGED_BACK' ? at : null,
      })
      .onConflictDoNothing({ target: [chargebacks.transactionId, chargebacks.providerReference] })
      .returning({ id: chargebacks.id });
    if (created)
      return finish(tx, n, payment.organisationId, created.id, 'chargeback.opened', applied(`chargeback ${status}`));
    const [moved] = await tx
      .update(chargebacks)
      .set({
        status,
        ...(status === 'CHARGED_BACK' ? { postingDate: at } : {}),
        ...(dueDate ? { dueDate } : {}),
        ...(reason ? { reason } : {}),
        updatedAt: now(),
      })
      .where(
        and(
          eq(chargebacks.transactionId, payment.id),
          eq(chargebacks.providerReference, item.pspReference),
          inArray(chargebacks.status, earlier[status]),
        ),
      )
      .returning({ id: chargebacks.id });
    if (!moved) {
      const outcome = ignored(`chargeback already ${status} or further`);
      await n.record(tx, outcome);
      return outcome;
    }
    return finish(
      tx,
      n,
      payment.organisationId,
      moved.id,
      'chargeback.updated',
      applied(`chargeback moved to ${status}`),
    );
  });
}

async function finish(
  tx: Executor,
  n: ClaimedNotification,
  organisationId: string,
  id: string,
  type: 'chargeback.opened' | 'chargeback.updated',
  outcome: ApplyOutcome,
) {
  await emitEvent(tx, { organisationId, type, resourceId: id });
  await n.record(tx, outcome);
  return outcome;
}

export const isChargebackItem = (item: NotificationItem) => chargebackStatusOf[item.eventCode] !== undefined;
