import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/actor';
import { decideRefund, requestRefund } from '@/lib/core/refunds/refunds';
import { captureOrReverse } from '@/lib/core/transactions/capture-or-reverse';
import { refunds, transactions } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createTenant, type Tenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import {
  actorFor,
  auditCount,
  expectOneWinner,
  jitter,
  ledgerRows,
  ledgerRowsOfKind,
  tally,
  viaApi,
  viaService,
  withRaceDatabases,
  type Outcome,
} from '../support/races';

/*
 * Captures, reverses, refund requests and refund decisions each act once. Every
 * race fires its calls with Promise.all, alternating between the route handler
 * (first connection pool) and the service function on a second, independent
 * pool on the same database, over several rounds with a fresh payment each.
 */
const dbs = withRaceDatabases();
let tenant: Tenant;
let secondActor: Actor;
beforeAll(async () => {
  tenant = await createTenant('Race');
  secondActor = await actorFor(dbs.secondary().db, tenant.admin.apiKeyId);
});

const CAPTURE_ROUNDS = 8;
const CAPTURERS = 5;
const CAPTURE_REVERSE_ROUNDS = 10;
const REFUND_ROUNDS = 6;
const DECISION_ROUNDS = 6;

const token = () => tenant.admin.token;
const primaryDb = () => dbs.primary().db;

async function transactionRow(id: string) {
  const [row] = await primaryDb().select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

/** A payment of 10000 on a fresh link: COMPLETE, or PENDING when only authorised. */
async function paidTransaction({ authorisationOnly = false } = {}) {
  const linkId = await createLinkVia(token(), tenant.parentId, {
    amount: 10000,
    authorisation_only: authorisationOnly,
  });
  const outcome = await pay(linkId);
  expect(outcome).toMatchObject({ outcome: 'paid', status: authorisationOnly ? 'PENDING' : 'COMPLETE' });
  return transactionRow((outcome as { transactionId: string }).transactionId);
}

/** The capture and reverse rows the processor wrote for one payment, under any key. */
async function modificationsOf(providerReference: string) {
  const rows = [
    ...(await ledgerRowsOfKind(primaryDb(), 'capture')),
    ...(await ledgerRowsOfKind(primaryDb(), 'reverse')),
  ];
  return rows.filter((row) => row.providerReference === providerReference);
}

const capture = (id: string, i: number): Promise<Outcome> =>
  i % 2 === 0
    ? viaApi(api.get(`/agent/transactions/${id}/complete`, { token: token() }))
    : viaService(() => captureOrReverse(dbs.secondary().db, secondActor, id, 'complete'));
const reverse = (id: string, i: number): Promise<Outcome> =>
  i % 2 === 0
    ? viaApi(api.get(`/agent/transactions/${id}/reverse`, { token: token() }))
    : viaService(() => captureOrReverse(dbs.secondary().db, secondActor, id, 'reverse'));
const refund = (id: string, amount: number, i: number): Promise<Outcome> =>
  i % 2 === 0
    ? viaApi(api.post(`/agent/transactions/${id}/refund`, { amount }, { token: token() }))
    : viaService(() => requestRefund(dbs.secondary().db, secondActor, id, amount));
const decide = (code: string, decision: 'authorise' | 'decline', i: number): Promise<Outcome> =>
  i % 2 === 0
    ? viaApi(api.get(`/agent/refunds/${code}/${decision}`, { token: token() }))
    : viaService(() => decideRefund(dbs.secondary().db, secondActor, code, decision));

describe('race 2: several captures of one pre-authorisation', () => {
  it(`captures once; the others answer 409 transaction.not_pending (${CAPTURE_ROUNDS} rounds × ${CAPTURERS})`, async () => {
    for (let round = 0; round < CAPTURE_ROUNDS; round++) {
      const held = await paidTransaction({ authorisationOnly: true });
      const outcomes = await Promise.all(
        Array.from({ length: CAPTURERS }, async (_, i) => {
          await jitter(round, i);
          return capture(held.id, i);
        }),
      );
      const winner = expectOneWinner(outcomes, { status: 409, codes: ['transaction.not_pending'] });
      expect(winner.data, `round ${round}`).toMatchObject({ id: held.id, status: 'COMPLETE' });
      expect(await transactionRow(held.id)).toMatchObject({ status: 'COMPLETE', stage: null });
      expect(await ledgerRows(primaryDb(), [`${held.id}:capture`], 'capture')).toHaveLength(1);
      expect((await modificationsOf(held.providerReference!)).map((r) => r.kind)).toEqual(['capture']);
      expect(await auditCount(primaryDb(), 'transaction:complete', held.id)).toBe(1);
    }
  });
});

describe('race 3: a capture racing a reverse', () => {
  it(`lets exactly one of them act, and the status is the winner's (${CAPTURE_REVERSE_ROUNDS} rounds, 2 captures + 2 reverses each)`, async () => {
    const seen = { COMPLETE: 0, REVERSED: 0 };
    for (let round = 0; round < CAPTURE_REVERSE_ROUNDS; round++) {
      const held = await paidTransaction({ authorisationOnly: true });
      const plan =
        round % 2 === 0
          ? (['complete', 'reverse', 'complete', 'reverse'] as const)
          : (['reverse', 'complete', 'reverse', 'complete'] as const);
      const outcomes = await Promise.all(
        plan.map(async (action, i) => {
          await jitter(round, i);
          return { action, ...(await (action === 'complete' ? capture(held.id, i) : reverse(held.id, i))) };
        }),
      );
      const winner = expectOneWinner(outcomes, { status: 409, codes: ['transaction.not_pending'] }) as Outcome & {
        action: 'complete' | 'reverse';
      };
      const expected = winner.action === 'complete' ? 'COMPLETE' : 'REVERSED';
      seen[expected] += 1;
      expect(winner.data.status, `round ${round}`).toBe(expected);
      expect(await transactionRow(held.id)).toMatchObject({ status: expected, stage: null });
      expect((await modificationsOf(held.providerReference!)).map((r) => r.kind)).toEqual([
        winner.action === 'complete' ? 'capture' : 'reverse',
      ]);
      expect(await auditCount(primaryDb(), 'transaction:complete', held.id)).toBe(winner.action === 'complete' ? 1 : 0);
      expect(await auditCount(primaryDb(), 'transaction:reverse', held.id)).toBe(winner.action === 'reverse' ? 1 : 0);
      const link = await api.get(`/agent/payment-links/${held.paymentLinkId}`, { token: token() });
      expect(link.body.data.status).toBe(expected === 'COMPLETE' ? 'paid' : 'active');
    }
    console.info(JSON.stringify({ race: 'capture-vs-reverse', db: dbs.kind(), winners: seen }));
  });
});

describe('race 4: refunds over the remaining amount', () => {
  it(`accepts refunds only up to the amount taken (${REFUND_ROUNDS} rounds × 4 refunds of 4000 on 10000)`, async () => {
    for (let round = 0; round < REFUND_ROUNDS; round++) {
      const taken = await paidTransaction();
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, async (_, i) => {
          await jitter(round, i);
          return refund(taken.id, 4000, i);
        }),
      );
      const accepted = outcomes.filter((o) => o.status === 200);
      expect(accepted, `round ${round}: ${JSON.stringify(tally(outcomes))}`).toHaveLength(2);
      for (const refused of outcomes.filter((o) => o.status !== 200))
        expect(refused).toMatchObject({ status: 422, code: 'refund.exceeds_refundable' });
      const rows = await primaryDb().select().from(refunds).where(eq(refunds.transactionId, taken.id));
      expect(rows.map((r) => r.status)).toEqual(['PENDING_AUTHORISATION', 'PENDING_AUTHORISATION']);
      expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(8000);
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(accepted.map((o) => o.data.id)));

      // Both accepted refunds authorised at once: two refunds reach the processor, 8000 in all, never more than taken.
      const decisions = await Promise.all(accepted.map((o, i) => decide(o.data.authorization_code, 'authorise', i)));
      expect(decisions.map((d) => d.status)).toEqual([200, 200]);
      const sent = (await ledgerRowsOfKind(primaryDb(), 'refund')).filter(
        (r) => r.providerReference === taken.providerReference,
      );
      expect(sent).toHaveLength(2);
      expect(sent.reduce((sum, r) => sum + (r.amount ?? 0), 0)).toBe(8000);
    }
  });
});

describe('race 5: a refund decided twice at once', () => {
  it(`authorises once; the others answer 409 refund.not_pending (${DECISION_ROUNDS} rounds × 4 authorisations)`, async () => {
    for (let round = 0; round < DECISION_ROUNDS; round++) {
      const taken = await paidTransaction();
      const requested = await api.post(`/agent/transactions/${taken.id}/refund`, { amount: 5000 }, { token: token() });
      expect(requested.status).toBe(200);
      const { id, authorization_code: code } = requested.body.data;
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, async (_, i) => {
          await jitter(round, i);
          return decide(code, 'authorise', i);
        }),
      );
      const winner = expectOneWinner(outcomes, { status: 409, codes: ['refund.not_pending'] });
      expect(winner.data).toMatchObject({ id, status: 'COMPLETE' });
      const [row] = await primaryDb().select().from(refunds).where(eq(refunds.id, id));
      expect(row!.status).toBe('COMPLETE');
      expect(await ledgerRows(primaryDb(), [`${id}:refund`], 'refund')).toHaveLength(1);
      expect(
        (await ledgerRowsOfKind(primaryDb(), 'refund')).filter((r) => r.providerReference === taken.providerReference),
      ).toHaveLength(1);
      expect(await auditCount(primaryDb(), 'refund:authorise', id)).toBe(1);
    }
  });

  it(`lets an authorise racing a decline act once: COMPLETE and one refund, or DECLINED and none (${DECISION_ROUNDS} rounds, 2 + 2 each)`, async () => {
    const seen = { authorise: 0, decline: 0 };
    for (let round = 0; round < DECISION_ROUNDS; round++) {
      const taken = await paidTransaction();
      const requested = await api.post(`/agent/transactions/${taken.id}/refund`, { amount: 3000 }, { token: token() });
      const { id, authorization_code: code } = requested.body.data;
      const plan =
        round % 2 === 0
          ? (['authorise', 'decline', 'authorise', 'decline'] as const)
          : (['decline', 'authorise', 'decline', 'authorise'] as const);
      const outcomes = await Promise.all(
        plan.map(async (decision, i) => {
          await jitter(round, i);
          return { decision, ...(await decide(code, decision, i)) };
        }),
      );
      const winner = expectOneWinner(outcomes, { status: 409, codes: ['refund.not_pending'] }) as Outcome & {
        decision: 'authorise' | 'decline';
      };
      seen[winner.decision] += 1;
      const expected = winner.decision === 'authorise' ? 'COMPLETE' : 'DECLINED';
      expect(winner.data.status).toBe(expected);
      const [row] = await primaryDb().select().from(refunds).where(eq(refunds.id, id));
      expect(row!.status).toBe(expected);
      const sent = (await ledgerRowsOfKind(primaryDb(), 'refund')).filter(
        (r) => r.providerReference === taken.providerReference,
      );
      expect(sent).toHaveLength(winner.decision === 'authorise' ? 1 : 0);
      expect(await auditCount(primaryDb(), 'refund:authorise', id)).toBe(winner.decision === 'authorise' ? 1 : 0);
      expect(await auditCount(primaryDb(), 'refund:decline', id)).toBe(winner.decision === 'decline' ? 1 : 0);
    }
    console.info(JSON.stringify({ race: 'authorise-vs-decline', db: dbs.kind(), winners: seen }));
  });
});
