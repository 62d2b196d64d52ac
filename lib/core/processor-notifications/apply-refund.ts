import { and, eq, inArray } from 'drizzle-orm';
import { emitRefundEvent } from '@/lib/events/refund-events';
import { now } from '@/lib/clock';
import { refunds } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { notifyOrganisation } from '@/lib/email/notify-organisation';
import { recordAudit, SERVICE_ACTOR } from '../audit/record-audit';
import {
  applied,
  failureKnown,
  ignored,
  retry,
  succeeded,
  type ApplyOutcome,
  type ClaimedNotification,
} from './apply-outcome';
import { findPayment, findRefund } from './find-target';

/**
 * REFUND / REFUND_FAILED, the processor's final word on a refund. Adyen only
 * receives a refund (`status: received`): send-refund.ts records it as sent,
 * still AUTHORISED, and this completes it. REFUND: an AUTHORISED refund (sent,
 * or accepted before our record of sending it landed) or an UNSETTLED one
 * becomes COMPLETE with the PSP reference, and refund.completed is emitted
 * then, once (the sandbox completes at once, so its REFUND only confirms).
 * REFUND_FAILED (or a REFUND with success false) means nothing was paid out:
 * FAILED (the amount is refundable again), refund.declined, audited, and the
 * organisation is emailed. Each move is guarded on the statuses it may come
 * from; no money is moved here.
 */
export async function applyRefund(db: Db, n: ClaimedNotification): Promise<ApplyOutcome> {
  const { item } = n;
  const refund = await findRefund(db, item.pspReference, item.merchantReference);
  if (!refund) return notRecordedYet(db, n);
  const success = succeeded(item);
  // A failure may arrive before the success it follows: that success then changes nothing.
  if (success && (await failureKnown(db, n, 'REFUND_FAILED'))) return ignored('refund already failed at the processor');
  const from = success ? ['AUTHORISED', 'UNSETTLED'] : ['AUTHORISED', 'COMPLETE', 'UNSETTLED'];
  if (!from.includes(refund.status))
    return ignored(`refund ${success ? 'confirmed' : 'failure'}: refund is ${refund.status}`);
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(refunds)
      .set(
        success
          ? {
              status: 'COMPLETE',
              providerReference: item.pspReference,
              completedAt: refund.completedAt ?? now(),
              nextAttemptAt: null,
              failureReason: null,
              updatedAt: now(),
            }
          : {
              status: 'FAILED',
              nextAttemptAt: null,
              failureReason: `refund_failed: ${item.reason ?? 'no reason given'}`.slice(0, 500),
              updatedAt: now(),
            },
      )
      .where(and(eq(refunds.id, refund.id), inArray(refunds.status, from)))
      .returning();
    if (!moved) {
      const outcome = retry('refund changed meanwhile; tried again later');
      await n.record(tx, outcome);
      return outcome;
    }
    await emitRefundEvent(tx, moved);
    if (!success) {
      await recordAudit(tx, SERVICE_ACTOR, {
        organisationId: moved.organisationId,
        type: 'refund:fail',
        entityId: moved.id,
      });
      await notifyOrganisation(tx, moved.organisationId, {
        kind: 'refund_failed',
        amount: moved.amount,
        currency: moved.currency,
        refund: moved.authorizationCode,
        transactionId: moved.transactionId,
        reason: item.reason ?? null,
      });
    }
    const outcome = applied(`refund ${moved.status} (was ${refund.status})`);
    await n.record(tx, outcome);
    return outcome;
  });
}

/** A refund of ours may be accepted by the processor before our record of sending it lands: try again later. */
async function notRecordedYet(db: Db, n: ClaimedNotification): Promise<ApplyOutcome> {
  const payment = await findPayment(db, n.item.originalReference, null);
  if (!payment) return ignored('no refund or payment with these references');
  const [sending] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.transactionId, payment.id), eq(refunds.status, 'AUTHORISED')))
    .limit(1);
  return sending
    ? retry('refund not yet recorded as sent; tried again later')
    : ignored('no refund of ours with this reference');
}
