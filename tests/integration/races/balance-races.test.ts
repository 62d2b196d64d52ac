import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/actor';
import { bookingBalance } from '@/lib/core/balance/booking-balance';
import { issueCreditNote } from '@/lib/core/credit-notes/credit-notes';
import { requestRefund } from '@/lib/core/refunds/refunds';
import { reassignTransaction } from '@/lib/core/transactions/reassign-transaction';
import { creditNotes, refunds, transactions } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createBookingVia, createTenant, type Tenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { actorFor, jitter, tally, viaApi, viaService, withRaceDatabases, type Outcome } from '../support/races';

/*
 * Refunds, credit notes and re-assigns on the same bookings, all at once, half
 * through the route handlers and half as service calls on a second pool: every
 * one either acts or is refused with its balance code, no deadlock surfaces as
 * a 500, and afterwards no booking holds less than nothing and refunded plus
 * credited never exceeds what was taken.
 */
const dbs = withRaceDatabases();
let tenant: Tenant;
let secondActor: Actor;
beforeAll(async () => {
  tenant = await createTenant('Balance');
  secondActor = await actorFor(dbs.secondary().db, tenant.admin.apiKeyId);
});

const ROUNDS = 12;
const token = () => tenant.admin.token;
const second = () => dbs.secondary().db;

async function paidOn(bookingId: string, amount: number) {
  const outcome = await pay(await createLinkVia(token(), tenant.parentId, { booking_id: bookingId, amount }));
  expect(outcome).toMatchObject({ outcome: 'paid', status: 'COMPLETE' });
  return (outcome as { transactionId: string }).transactionId;
}

const refund = (id: string, amount: number, i: number): Promise<Outcome> =>
  i % 2 === 0
    ? viaApi(api.post(`/agent/transactions/${id}/refund`, { amount }, { token: token() }))
    : viaService(() => requestRefund(second(), secondActor, id, amount));
const credit = (bookingId: string, amount: number, i: number): Promise<Outcome> =>
  i % 2 === 0
    ? viaApi(api.put('/agent/credit-notes', { booking_id: bookingId, amount }, { token: token() }))
    : viaService(() => issueCreditNote(second(), secondActor, { booking_id: bookingId, amount }));
const reassign = (id: string, bookingId: string, i: number): Promise<Outcome> =>
  i % 2 === 0
    ? viaApi(api.post(`/agent/transactions/${id}/re-assign`, { booking_id: bookingId }, { token: token() }))
    : viaService(() => reassignTransaction(second(), secondActor, id, bookingId));

const REFUSALS = [
  'refund.exceeds_booking_balance',
  'refund.exceeds_refundable',
  'credit_note.exceeds_balance',
  'transaction.reassign_overdraws_booking',
];

describe('race: refund vs credit note vs re-assign on the same bookings', () => {
  it(`never lets refunded + credited exceed what was taken (${ROUNDS} rounds × 8 calls)`, async () => {
    const db = dbs.primary().db;
    const seen: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const a = await createBookingVia(token(), tenant.parentId);
      const b = await createBookingVia(token(), tenant.parentId);
      const t1 = await paidOn(a, 10000);
      const t2 = await paidOn(b, 5000);
      const calls = [
        (i: number) => refund(t1, 6000, i),
        (i: number) => credit(a, 6000, i),
        (i: number) => reassign(t1, b, i),
        (i: number) => reassign(t2, a, i),
        (i: number) => credit(b, 6000, i),
        (i: number) => refund(t2, 3000, i),
        (i: number) => credit(a, 4000, i),
        (i: number) => refund(t1, 5000, i),
      ];
      const order = round % 2 === 0 ? calls : [...calls].reverse();
      const outcomes = await Promise.all(
        order.map(async (call, i) => {
          await jitter(round, i);
          return call(i + round);
        }),
      );
      for (const [key, count] of Object.entries(tally(outcomes))) seen[key] = (seen[key] ?? 0) + count;
      for (const o of outcomes)
        if (o.status !== 200) expect(REFUSALS, `round ${round}: ${JSON.stringify(tally(outcomes))}`).toContain(o.code);

      const refunded = await db
        .select({ transactionId: refunds.transactionId, total: sql<string>`sum(${refunds.amount})` })
        .from(refunds)
        .where(inArray(refunds.transactionId, [t1, t2]))
        .groupBy(refunds.transactionId);
      const credited = await db
        .select({ total: sql<string>`coalesce(sum(${creditNotes.amount}), 0)` })
        .from(creditNotes)
        .where(inArray(creditNotes.bookingCreatedFromId, [a, b]));
      const refundedOn = (id: string) => Number(refunded.find((r) => r.transactionId === id)?.total ?? 0);
      expect(refundedOn(t1)).toBeLessThanOrEqual(10000);
      expect(refundedOn(t2)).toBeLessThanOrEqual(5000);
      expect(refundedOn(t1) + refundedOn(t2) + Number(credited[0]!.total), `round ${round}`).toBeLessThanOrEqual(15000);
      for (const booking of [a, b])
        expect((await bookingBalance(db, booking)).available, `round ${round}`).toBeGreaterThanOrEqual(0);
      // Every booking still holds what its transactions and notes say: the moves that happened are consistent.
      const placed = await db
        .select({ id: transactions.id, bookingId: transactions.bookingId })
        .from(transactions)
        .where(inArray(transactions.id, [t1, t2]));
      expect(placed.every((t) => t.bookingId === a || t.bookingId === b)).toBe(true);
    }
    console.info(JSON.stringify({ race: 'refund-credit-reassign', db: dbs.kind(), outcomes: seen }));
    expect(seen['200']).toBeGreaterThan(ROUNDS);
    expect(
      await dbs
        .primary()
        .db.select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.organisationId, tenant.parentId)),
    ).toHaveLength(ROUNDS * 2);
  });
});
