import { and, eq, inArray, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { notifyOrganisation } from '@/lib/email/notify-organisation';

/**
 * How long an unsettled payment waits for the processor's word before a person
 * is told. Adyen's answer to a payment it took is an AUTHORISATION delivered in
 * seconds; a card offer left at 3-D Secure expires after 12 hours by default
 * and is closed by OFFER_CLOSED (docs.adyen.com/api-explorer/Webhooks/1/post/OFFER_CLOSED);
 * Adyen documents no expiry of a Pay by Bank offer, so the same day applies.
 * A day with neither means a notification is lost or late (Adyen retries a
 * failing endpoint for up to 30 days: docs.adyen.com/development-resources/webhooks/troubleshoot),
 * or the processor never had the payment: only a person can tell.
 */
export const UNRESOLVED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The marker of a payment past that bound, as `failure_reason` of a payment
 * still PAYMENTINPROGRESS (shown by the transaction API): the organisation was
 * alerted and the runner no longer asks. An answer that arrives later (a
 * notification) still settles the payment and overwrites it.
 */
export const NO_PROCESSOR_ANSWER = 'no_processor_answer';

type Row = typeof transactions.$inferSelect;

/**
 * Raises the one alert of a payment with no answer past the bound: marks it
 * (guarded in SQL, so a second run or a racing worker does nothing) and, in the
 * same transaction, emails the organisation, then logs it. The payment stays
 * unsettled and its link locked: nothing says whether money was taken, so it
 * is never abandoned or failed here. Returns whether this call raised it.
 */
export async function raiseUnresolvedPayment(db: Db, row: Pick<Row, 'id'>): Promise<boolean> {
  const raised = await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(transactions)
      .set({ failureReason: NO_PROCESSOR_ANSWER, updatedAt: now() })
      .where(
        and(
          eq(transactions.id, row.id),
          eq(transactions.status, 'PAYMENTINPROGRESS'),
          eq(transactions.stage, 'unsettled'),
          sql`${transactions.failureReason} is distinct from ${NO_PROCESSOR_ANSWER}`,
        ),
      )
      .returning();
    if (!marked) return null;
    await notifyOrganisation(tx, marked.organisationId, {
      kind: 'payment_unresolved',
      amount: marked.amount,
      currency: marked.currency,
      transactionId: marked.id,
      method: marked.type === 'OPEN_BANKING' ? 'bank' : 'card',
      startedAt: marked.createdAt,
      hours: Math.round(UNRESOLVED_AFTER_MS / 3_600_000),
      providerReference: marked.providerReference,
    });
    return marked;
  });
  if (!raised) return false;
  console.error(
    JSON.stringify({
      level: 'error',
      message: 'payment has no processor answer past the bound: organisation alerted, no longer asked',
      transaction_id: raised.id,
      organisation_id: raised.organisationId,
      type: raised.type,
      created_at: raised.createdAt.toISOString(),
    }),
  );
  return true;
}

/**
 * The processor's answer arrived after all (its notification) and the payment
 * was taken: the marker goes, in the transaction that records the payment.
 */
export async function clearUnresolvedMarker(tx: Executor, transactionId: string): Promise<void> {
  await tx
    .update(transactions)
    .set({ failureReason: null })
    .where(
      and(
        eq(transactions.id, transactionId),
        eq(transactions.failureReason, NO_PROCESSOR_ANSWER),
        inArray(transactions.status, ['COMPLETE', 'PENDING']),
      ),
    );
}
