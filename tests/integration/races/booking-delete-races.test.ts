import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDueScheduledPayments } from '@/lib/runner/scheduled-payments-step';
import { bookings, scheduledPayments, transactions } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createTenant, type Tenant } from '../support/fixtures';
import { bookingWithSavedCard } from '../support/payments';
import { ledgerRows, ledgerRowsOfKind, sleep, viaApi, withRaceDatabases } from '../support/races';

/*
 * A booking deleted while one of its scheduled payments falls due: the delete
 * (through the API, on one pool) races a runner (on another pool). Either the
 * delete wins (the payment is CANCELLED and nothing is charged) or the charge
 * wins (the runner's re-check ran before the delete committed: the payment is
 * COMPLETE, charged once) and the delete still succeeds. Never FAILED, never
 * two charges, never a payment left QUEUED or IN_PROGRESS on a deleted booking.
 */
const dbs = withRaceDatabases();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await createTenant('DeleteRace');
});

const ROUNDS = 12;
const primaryDb = () => dbs.primary().db;

async function duePaymentOnNewBooking() {
  const { bookingId, cardToken } = await bookingWithSavedCard(tenant.admin.token, tenant.parentId);
  const created = await api.post(
    `/payment/booking/${bookingId}/payment`,
    {
      token: cardToken,
      amount: 1800,
      date: new Date(Date.now() - 60_000).toISOString(),
    },
    { token: tenant.admin.token },
  );
  expect(created.status, created.text).toBe(200);
  const [payment] = await primaryDb()
    .select()
    .from(scheduledPayments)
    .where(eq(scheduledPayments.bookingId, bookingId));
  return { bookingId, id: payment!.id };
}

describe('race 8: deleting a booking while its scheduled payment is run', () => {
  it(`either cancels it uncharged or lets the charge finish COMPLETE, and the delete succeeds (${ROUNDS} rounds)`, async () => {
    const seen = { deleteWon: 0, chargeWon: 0, runnerAfterDelete: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const { bookingId, id } = await duePaymentOnNewBooking();
      const storedBefore = (await ledgerRowsOfKind(primaryDb(), 'charge_stored')).length;
      // The delete does more work before its UPDATE (token, actor, booking read) than the runner's
      // claim: the runner starts 0 to 40 ms later from round to round, so both orders are tried,
      // and in some rounds it starts only after the delete has answered.
      const runnerDelay = [0, 2, 4, 8, 16, 40][round % 6]!;
      let deleteAnsweredAt = Infinity;
      let runnerStartedAt = -Infinity;
      const [deleted, run] = await Promise.all([
        viaApi(api.delete(`/agent/bookings/${bookingId}`, { token: tenant.admin.token })).finally(() => {
          deleteAnsweredAt = performance.now();
        }),
        (async () => {
          await sleep(runnerDelay);
          runnerStartedAt = performance.now();
          return runDueScheduledPayments(dbs.secondary().db);
        })(),
      ]);
      const [payment] = await primaryDb().select().from(scheduledPayments).where(eq(scheduledPayments.id, id));
      const charges = await primaryDb()
        .select()
        .from(transactions)
        .where(eq(transactions.idempotencyKey, `scheduled:${id}`));
      const stored = (await ledgerRowsOfKind(primaryDb(), 'charge_stored')).length - storedBefore;
      const story = `round ${round}: delete ${JSON.stringify(deleted)} runner ${JSON.stringify(run)} status ${payment!.status} charges ${charges.length} ledger ${stored}`;

      expect(deleted, story).toMatchObject({ status: 200 });
      const [booking] = await primaryDb()
        .select({ deletedAt: bookings.deletedAt })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      expect(booking!.deletedAt, story).not.toBeNull();
      // A runner that starts after the delete committed (and answered) never charges.
      if (runnerStartedAt > deleteAnsweredAt) {
        seen.runnerAfterDelete += 1;
        expect(payment!.status, story).toBe('CANCELLED');
      }
      if (payment!.status === 'CANCELLED') {
        seen.deleteWon += 1;
        expect(payment, story).toMatchObject({ failureReason: 'booking_deleted', transactionId: null });
        expect(charges, story).toHaveLength(0);
        expect(stored, story).toBe(0);
        expect(run.completed, story).toBe(0);
      } else {
        seen.chargeWon += 1;
        expect(payment, story).toMatchObject({ status: 'COMPLETE', attempts: 1 });
        expect(
          charges.map((t) => t.status),
          story,
        ).toEqual(['COMPLETE']);
        expect(await ledgerRows(primaryDb(), [charges[0]!.id], 'charge_stored'), story).toHaveLength(1);
        expect(stored, story).toBe(1);
      }
    }
    // Nothing is left on any deleted booking for a later runner.
    const left = await primaryDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(scheduledPayments)
      .innerJoin(bookings, eq(bookings.id, scheduledPayments.bookingId))
      .where(
        sql`${bookings.deletedAt} is not null and ${scheduledPayments.status} in ('QUEUED', 'AWAITING_APPROVAL', 'IN_PROGRESS')`,
      );
    expect(left[0]!.n).toBe(0);
    expect(seen.deleteWon + seen.chargeWon).toBe(ROUNDS);
    expect(seen.runnerAfterDelete, JSON.stringify(seen)).toBeGreaterThan(0);
    console.info(JSON.stringify({ race: 'booking-delete-vs-runner', db: dbs.kind(), winners: seen }));
  });
});
