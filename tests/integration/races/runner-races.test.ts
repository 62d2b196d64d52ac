import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDueScheduledPayments } from '@/lib/runner/scheduled-payments-step';
import { runOnce } from '@/lib/runner/run-once';
import { scheduledPayments, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { api } from '../support/api-client';
import { createBookingVia, createTenant, type Tenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { ledgerRows, ledgerRowsOfKind, sleep, viaApi, withRaceDatabases } from '../support/races';

/*
 * Scheduled payments are charged once whatever the number of runners: the
 * claim is one UPDATE over SELECT ... FOR UPDATE SKIP LOCKED, the charge goes
 * out under the key scheduled:<id>, and a cancel and a claim cannot both win.
 * Runners run from two independent connection pools on the same database.
 */
const dbs = withRaceDatabases();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await createTenant('Race');
});

const RUNNER_ROUNDS = 3;
const PAYMENTS_PER_ROUND = 40;
const WORKERS = 4;
const CANCEL_ROUNDS = 10;

const token = () => tenant.admin.token;
const primaryDb = () => dbs.primary().db;

/**
 * A booking with a card saved by paying one of its links, and a scheduled
 * payment on that card due a minute ago. Answers the scheduled payment's id.
 */
async function scheduledPaymentOn(cardNumber: string, amount: number): Promise<{ id: string; bookingId: string }> {
  const bookingId = await createBookingVia(token(), tenant.parentId);
  const linkId = await createLinkVia(token(), tenant.parentId, { booking_id: bookingId });
  expect(await pay(linkId, cardNumber, { storeCard: true })).toMatchObject({ outcome: 'paid' });
  const tokens = await api.get(`/payment/booking/${bookingId}/available-tokens`, { token: token() });
  expect(tokens.body.data).toHaveLength(1);
  const created = await api.post(
    `/payment/booking/${bookingId}/payment`,
    {
      token: tokens.body.data[0].id,
      amount,
      date: new Date(Date.now() - 60_000).toISOString(),
    },
    { token: token() },
  );
  expect(created.status, created.text).toBe(200);
  const [payment] = await primaryDb()
    .select()
    .from(scheduledPayments)
    .where(eq(scheduledPayments.bookingId, bookingId));
  expect(payment).toMatchObject({ status: 'QUEUED', amount });
  return { id: payment!.id, bookingId };
}

/** Runs in batches, with a bounded number of setups at once so the pool is not the bottleneck. */
async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += size) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => make(start + k)))));
  }
  return made;
}

/** One worker: runOnce (every background step) until it finds no scheduled payment to take. */
async function worker(db: Db) {
  const totals = { completed: 0, failed: 0, passes: 0 };
  for (;;) {
    const report = await runOnce(db, { batch: 3 });
    totals.passes += 1;
    totals.completed += report.scheduled.completed;
    totals.failed += report.scheduled.failed;
    if (report.scheduled.completed + report.scheduled.failed === 0) return totals;
  }
}

async function scheduledRows(ids: string[]) {
  return primaryDb().select().from(scheduledPayments).where(inArray(scheduledPayments.id, ids));
}

async function chargesOf(scheduledId: string) {
  return primaryDb()
    .select()
    .from(transactions)
    .where(eq(transactions.idempotencyKey, `scheduled:${scheduledId}`));
}

describe('race 6: several runners over the same due scheduled payments', () => {
  it(`charges every payment exactly once (${RUNNER_ROUNDS} rounds × ${PAYMENTS_PER_ROUND} payments, ${WORKERS} workers on 2 pools)`, async () => {
    for (let round = 0; round < RUNNER_ROUNDS; round++) {
      const declining = await scheduledPaymentOn(cards.declinesLater, 2500);
      const approved = await inBatches(PAYMENTS_PER_ROUND - 1, 8, (i) => scheduledPaymentOn(cards.visa, 1000 + i));
      const ids = [declining.id, ...approved.map((p) => p.id)];
      const storedBefore = (await ledgerRowsOfKind(primaryDb(), 'charge_stored')).length;

      const reports = await Promise.all(
        Array.from({ length: WORKERS }, (_, w) => worker((w % 2 === 0 ? dbs.primary() : dbs.secondary()).db)),
      );
      console.info(
        JSON.stringify({
          race: 'runners',
          db: dbs.kind(),
          round,
          ranPerWorker: reports.map((r) => r.completed + r.failed),
        }),
      );

      // What the workers say they did adds up to one run per payment.
      expect(
        reports.reduce((n, r) => n + r.completed, 0),
        JSON.stringify(reports),
      ).toBe(PAYMENTS_PER_ROUND - 1);
      expect(
        reports.reduce((n, r) => n + r.failed, 0),
        JSON.stringify(reports),
      ).toBe(1);

      const rows = new Map((await scheduledRows(ids)).map((row) => [row.id, row]));
      for (const id of ids) {
        const row = rows.get(id)!;
        const charges = await chargesOf(id);
        // Claimed once (attempts counts claims), one transaction, one charge at the processor.
        expect(row.attempts, `payment ${id}`).toBe(1);
        expect(charges, `payment ${id}`).toHaveLength(1);
        expect(row.transactionId).toBe(charges[0]!.id);
        expect(await ledgerRows(primaryDb(), [charges[0]!.id], 'charge_stored'), `payment ${id}`).toHaveLength(1);
        if (id === declining.id) {
          expect(row).toMatchObject({ status: 'FAILED', failureReason: 'insufficient_funds' });
          expect(charges[0]).toMatchObject({ status: 'DECLINED', failureReason: 'insufficient_funds' });
        } else {
          expect(row).toMatchObject({ status: 'COMPLETE', failureReason: null });
          expect(charges[0]).toMatchObject({ status: 'COMPLETE', amount: row.amount });
        }
      }
      // Each booking has its link payment and exactly one saved-card charge, and the processor charged 40 times in all.
      const bookingCharges = await primaryDb()
        .select()
        .from(transactions)
        .where(inArray(transactions.bookingId, [declining.bookingId, ...approved.map((p) => p.bookingId)]));
      expect(bookingCharges.filter((t) => t.paymentLinkId === null)).toHaveLength(PAYMENTS_PER_ROUND);
      expect((await ledgerRowsOfKind(primaryDb(), 'charge_stored')).length - storedBefore).toBe(PAYMENTS_PER_ROUND);
      // Nothing is left to do: one more pass from each pool takes nothing.
      expect(
        (await runDueScheduledPayments(primaryDb())).completed +
          (await runDueScheduledPayments(dbs.secondary().db)).completed,
      ).toBe(0);
    }
  });
});

describe('race 7: a cancel racing the runner', () => {
  it(`lets either the cancel win (never charged) or the runner win (cancel refused, one charge) (${CANCEL_ROUNDS} rounds)`, async () => {
    const seen = { cancel: 0, runner: 0 };
    for (let round = 0; round < CANCEL_ROUNDS; round++) {
      const { id } = await scheduledPaymentOn(cards.visa, 1500);
      const storedBefore = (await ledgerRowsOfKind(primaryDb(), 'charge_stored')).length;
      // The cancel does more work before its UPDATE (token, actor, read) than a claim: the runners
      // start 0 to ~8 ms later from round to round, so both orders of the two UPDATEs are tried.
      const runnerDelay = (round % 5) * 2;
      const [cancel, ...runs] = await Promise.all([
        viaApi(api.delete(`/payment/scheduled-payment/${id}`, { token: token() })),
        (async () => {
          await sleep(runnerDelay);
          return runDueScheduledPayments(dbs.secondary().db);
        })(),
        (async () => {
          await sleep(runnerDelay + (round % 2));
          return runDueScheduledPayments(dbs.primary().db);
        })(),
      ]);
      const [row] = await scheduledRows([id]);
      const charges = await chargesOf(id);
      const stored = (await ledgerRowsOfKind(primaryDb(), 'charge_stored')).length - storedBefore;
      const completed = runs.reduce((n, r) => n + r.completed + r.failed, 0);
      const story = `round ${round}: cancel ${JSON.stringify(cancel)} runners ${JSON.stringify(runs)} status ${row!.status} charges ${charges.length} ledger ${stored}`;
      if (cancel.status === 200) {
        seen.cancel += 1;
        expect(row, story).toMatchObject({ status: 'CANCELLED', attempts: 0, transactionId: null });
        expect(charges, story).toHaveLength(0);
        expect(stored, story).toBe(0);
        expect(completed, story).toBe(0);
      } else {
        seen.runner += 1;
        expect(cancel, story).toMatchObject({ status: 400, code: 'scheduled_payment.not_cancellable' });
        expect(row, story).toMatchObject({ status: 'COMPLETE', attempts: 1 });
        expect(
          charges.map((t) => t.status),
          story,
        ).toEqual(['COMPLETE']);
        expect(stored, story).toBe(1);
        expect(completed, story).toBe(1);
      }
    }
    expect(seen.cancel + seen.runner).toBe(CANCEL_ROUNDS);
    console.info(JSON.stringify({ race: 'cancel-vs-runner', db: dbs.kind(), winners: seen }));
  });
});
