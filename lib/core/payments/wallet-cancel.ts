import { and, isNull, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { notifyOrganisation } from '@/lib/email/notify-organisation';
import { processorFor } from '@/lib/payments/processor';
import { modificationKey } from '../transactions/finish-modification';
import { moveSet, moveWhere } from '../transactions/transaction-lifecycle';

type Row = typeof transactions.$inferSelect;

/** Cancels of one refused wallet authorisation that the processor refused before the claim is ended and a person told. */
export const REFUSED_WALLET_CANCEL_ATTEMPTS = 3;

/**
 * Cancels the authorisation of a wallet payment the card rules refused once its facts were known (REJECTED/reversing,
 * wallet-decision.ts). Adyen's /reversals (CheckoutService-v71.json `POST /payments/{paymentPspReference}/reversals`:
 * "cancels the authorisation on a payment that has not yet been captured") answers 201 `status: received`, and the
 * CANCEL_OR_REFUND notification tells the outcome: the row is marked sent and waits for it (wallet-cancel-notification.ts).
 * The sandbox makes it at once ('done'): REJECTED. Sent under `modificationKey(row, 'reverse')`: a retry of one claim
 * reuses the key, a cancel sent again after a failed one a new key. Throws what the processor threw; the row is then
 * left as it is, for the stuck-modifications step (lib/runner/stuck-modifications-step.ts) to send again.
 */
export async function cancelRefusedWallet(db: Db, row: Row): Promise<'recorded' | 'sent'> {
  const result = await processorFor(db).reverse({
    providerReference: row.providerReference!,
    idempotencyKey: modificationKey(row, 'reverse'),
  });
  if (result.status === 'done') {
    await db
      .update(transactions)
      .set({ ...moveSet('rejectedReleased'), modificationSentAt: null, updatedAt: now() })
      .where(moveWhere(row.id, 'rejectedReleased'));
    return 'recorded';
  }
  await db
    .update(transactions)
    .set({ modificationSentAt: now(), updatedAt: now() })
    .where(and(moveWhere(row.id, 'rejectedReleased'), isNull(transactions.modificationSentAt)));
  return 'sent';
}

/**
 * The processor refused the cancel (its CANCEL_OR_REFUND said so, or the stuck-modifications step got a refusal that
 * will not change): sent again under a new key by the stuck-modifications step, until REFUSED_WALLET_CANCEL_ATTEMPTS;
 * then the claim ends (REJECTED) and the organisation is told the authorisation is still held at the processor, where
 * it lapses unless someone cancels it.
 */
export async function refusedWalletCancelFailed(db: Db, row: Row, reason: string): Promise<'retry' | 'ended' | null> {
  if (row.modificationAttempts < REFUSED_WALLET_CANCEL_ATTEMPTS) {
    const [again] = await db
      .update(transactions)
      .set({
        modificationSentAt: null,
        modificationAttempts: sql`${transactions.modificationAttempts} + 1`,
        updatedAt: now(),
      })
      .where(moveWhere(row.id, 'rejectedReleased'))
      .returning({ id: transactions.id });
    return again ? 'retry' : null;
  }
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(transactions)
      .set({ ...moveSet('rejectedReleased'), modificationSentAt: null, updatedAt: now() })
      .where(moveWhere(row.id, 'rejectedReleased'))
      .returning();
    if (!ended) return null;
    await notifyOrganisation(tx, ended.organisationId, {
      kind: 'wallet_cancel_failed',
      amount: ended.amount,
      currency: ended.currency,
      transactionId: ended.id,
      providerReference: ended.providerReference,
      reason,
    });
    return 'ended';
  });
}
