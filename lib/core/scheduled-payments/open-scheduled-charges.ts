import { inArray, sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import { savedCards, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { isoCurrency } from '@/lib/money';
import { outcomeOfTransaction } from '../saved-cards/charge-saved-card';
import { processorMoney } from '../payments/processor-money';
import type { PaymentOutcome } from '../payments/settle-payment';
import { cancelNotChargeable, type NotChargeableReason } from './cancel-if-not-chargeable';
import type { ClaimedScheduledPayment } from './finish-scheduled-payment';
import { scheduledAttemptKey } from './scheduled-attempts';

export type ScheduledCharge = ClaimedScheduledPayment & { card: typeof savedCards.$inferSelect | null };

/** What the re-check before charging decided for one claimed payment. */
export type Prepared =
  | { kind: 'open'; transactionId: string; sent: { amount: number; currency: string } }
  | { kind: 'finished'; outcome: PaymentOutcome }
  | { kind: 'cancelled'; reason: NotChargeableReason }
  | { kind: 'no_card' }
  /** Another payment on the instalment's link is live (a member paying it by hand): look again later. */
  | { kind: 'link_busy' };

/**
 * The runner's step right before charging a claimed batch, in one database
 * transaction (a few statements for the whole batch, not a few per payment):
 * 1. the instalment links of the batch are row-locked (skipping any another
 *    payment holds: those are `link_busy`), as a member's own payment locks its
 *    links; a link a member's payment in progress covers is `link_busy` too;
 * 2. payments that must not be charged are CANCELLED (cancelNotChargeable);
 * 3. the others get their PAYMENTINPROGRESS transaction under their attempt's
 *    idempotency key (a link's charge carries payment_link_id, so its unique
 *    live-payment index refuses a second live payment), or find the one an
 *    earlier attempt wrote (a stale claim taken up again).
 * After the commit every `open` charge is this attempt's to send; a booking
 * delete committing later leaves it to finish, as before.
 */
export async function openScheduledCharges(db: Db, batch: ScheduledCharge[]): Promise<Map<string, Prepared>> {
  const prepared = new Map<string, Prepared>();
  if (batch.length === 0) return prepared;
  const keyOf = new Map(batch.map((c) => [c.payment.id, scheduledAttemptKey(c.payment.id, c.payment.attempts)]));
  await db.transaction(async (tx) => {
    const linkIds = batch.map((c) => c.payment.paymentLinkId).filter((id): id is string => Boolean(id));
    const locked = new Set(
      linkIds.length === 0
        ? []
        : (
            await queryRows<{ id: string }>(
              tx,
              sql`
      select id from payment_links where id in (${sql.join(
        linkIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by id for update skip locked`,
            )
          ).map((row) => row.id),
    );
    // A member's payment covering the link is in progress (paying several instalments by hand): not now, not cancelled.
    const covered = new Set(
      locked.size === 0
        ? []
        : (
            await queryRows<{ id: string }>(
              tx,
              sql`
      select l.id from unnest(array[${sql.join(
        [...locked].map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]) as l(id)
      where exists (select 1 from transactions t where t.status = 'PAYMENTINPROGRESS' and t.covered_link_ids @> array[l.id])`,
            )
          ).map((row) => row.id),
    );
    const cancelled = await cancelNotChargeable(
      tx,
      batch.map((c) => ({ claim: c, attemptKey: keyOf.get(c.payment.id)! })),
    );
    const toOpen: ScheduledCharge[] = [];
    for (const charge of batch) {
      const { payment } = charge;
      const reason = cancelled.get(payment.id);
      if (reason) prepared.set(payment.id, { kind: 'cancelled', reason });
      else if (payment.paymentLinkId && (!locked.has(payment.paymentLinkId) || covered.has(payment.paymentLinkId)))
        prepared.set(payment.id, { kind: 'link_busy' });
      else if (!charge.card || charge.card.deletedAt) prepared.set(payment.id, { kind: 'no_card' });
      else toOpen.push(charge);
    }
    if (toOpen.length === 0) return;
    const created = await tx
      .insert(transactions)
      .values(
        toOpen.map(({ payment, card }) => ({
          organisationId: card!.organisationId,
          bookingId: card!.bookingId,
          savedCardId: card!.id,
          paymentLinkId: payment.paymentLinkId ?? null,
          amount: payment.amount,
          surcharge: payment.surcharge,
          currency: payment.currency,
          status: 'PAYMENTINPROGRESS',
          stage: 'authorising',
          type: 'CARD',
          method: 'MOTO_OTHER',
          idempotencyKey: keyOf.get(payment.id)!,
          processorAmount: payment.amount,
          processorCurrency: isoCurrency(payment.currency),
          cardBrand: card!.cardBrand,
          cardLastFour: card!.lastFour,
          cardBin: card!.bin,
          cardType: card!.funding,
          binType: card!.cardClass,
          issuingCountry: card!.issuingCountry,
          cardholderName: card!.cardholderName,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: transactions.id, key: transactions.idempotencyKey });
    const openedByKey = new Map(created.map((row) => [row.key!, row.id]));
    const missing = toOpen.filter((c) => !openedByKey.has(keyOf.get(c.payment.id)!));
    // A key held already: an earlier claim of this attempt wrote it (take it up); none: the link's other live payment did.
    const earlier =
      missing.length === 0
        ? []
        : await tx
            .select()
            .from(transactions)
            .where(
              inArray(
                transactions.idempotencyKey,
                missing.map((c) => keyOf.get(c.payment.id)!),
              ),
            );
    const earlierByKey = new Map(earlier.map((t) => [t.idempotencyKey!, t]));
    for (const { payment } of toOpen) {
      const key = keyOf.get(payment.id)!;
      const id = openedByKey.get(key);
      const found = earlierByKey.get(key);
      if (id)
        prepared.set(payment.id, {
          kind: 'open',
          transactionId: id,
          sent: { amount: payment.amount, currency: isoCurrency(payment.currency) },
        });
      else if (!found) prepared.set(payment.id, { kind: 'link_busy' });
      else if (found.status !== 'PAYMENTINPROGRESS')
        prepared.set(payment.id, { kind: 'finished', outcome: outcomeOfTransaction(found) });
      // A retry resends exactly what the first attempt sent, under the same key.
      else prepared.set(payment.id, { kind: 'open', transactionId: found.id, sent: processorMoney(found) });
    }
  });
  return prepared;
}
