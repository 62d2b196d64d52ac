import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payByCard } from '@/lib/core/payments/pay-by-card';
import { paymentLinks, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { api } from '../support/api-client';
import { createTenant, type Tenant } from '../support/fixtures';
import { card, cards, createLinkVia } from '../support/payments';
import {
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
 * A payment link takes one payment, and a link with a payment is never deleted.
 * Each race is fired with Promise.all, half of the calls through one connection
 * pool and half through a second, independent pool on the same database, and
 * repeated over several rounds (fresh link each round) with a little jitter so
 * that different interleavings are tried.
 */
const dbs = withRaceDatabases();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await createTenant('Race');
});

const PAYMENT_ROUNDS = 8;
const PAYERS = 5;
const DELETE_ROUNDS = 20;

const poolFor = (i: number): Db => (i % 2 === 0 ? dbs.primary() : dbs.secondary()).db;
const payOn = (db: Db, checkoutId: string) =>
  payByCard(db, { checkoutId, method: card(cards.visa), returnUrl: 'http://localhost/return' });
const linkTransactions = async (linkId: string) =>
  dbs.primary().db.select().from(transactions).where(eq(transactions.paymentLinkId, linkId));

describe('race 1: several payments on one link at once', () => {
  it(`takes exactly one payment; the others are refused (${PAYMENT_ROUNDS} rounds × ${PAYERS} payers)`, async () => {
    const db = dbs.primary().db;
    for (let round = 0; round < PAYMENT_ROUNDS; round++) {
      const linkId = await createLinkVia(tenant.admin.token, tenant.parentId);
      const authorisedBefore = (await ledgerRowsOfKind(db, 'authorise')).length;
      const outcomes = await Promise.all(
        Array.from({ length: PAYERS }, async (_, i) => {
          await jitter(round, i);
          return viaService(() => payOn(poolFor(i), linkId));
        }),
      );
      const winner = expectOneWinner(outcomes, {
        status: 409,
        codes: ['checkout.payment_in_progress', 'checkout.already_paid'],
      });
      expect(winner.data, `round ${round}: ${JSON.stringify(tally(outcomes))}`).toMatchObject({
        outcome: 'paid',
        status: 'COMPLETE',
      });

      const rows = await linkTransactions(linkId);
      expect(
        rows.map((t) => t.status),
        `round ${round}`,
      ).toEqual(['COMPLETE']);
      expect(rows[0]!.id).toBe(winner.data.transactionId);
      const authorisations = await ledgerRows(
        db,
        rows.map((t) => t.id),
        'authorise',
      );
      expect(authorisations).toHaveLength(1);
      expect(JSON.parse(authorisations[0]!.outcome).result.status).toBe('authorised');
      // No loser reached the processor under any key: one authorisation in the whole ledger.
      expect((await ledgerRowsOfKind(db, 'authorise')).length - authorisedBefore).toBe(1);
      const link = await api.get(`/agent/payment-links/${linkId}`, { token: tenant.admin.token });
      expect(link.body.data.status).toBe('paid');
    }
  });
});

describe('race 8: deleting a link while it is being paid', () => {
  it(`lets either the delete or the payment win, never both (${DELETE_ROUNDS} rounds)`, async () => {
    const db = dbs.primary().db;
    const seen: Record<'delete' | 'payment', number> = { delete: 0, payment: 0 };
    for (let round = 0; round < DELETE_ROUNDS; round++) {
      const linkId = await createLinkVia(tenant.admin.token, tenant.parentId);
      const authorisedBefore = (await ledgerRowsOfKind(db, 'authorise')).length;
      const [deletion, payment] = await Promise.all([
        (async (): Promise<Outcome> => {
          await jitter(round, 0);
          return viaApi(api.delete(`/agent/payment-links/${linkId}`, { token: tenant.admin.token }));
        })(),
        (async (): Promise<Outcome> => {
          await jitter(round, 1);
          return viaService(() => payOn(dbs.secondary().db, linkId));
        })(),
      ]);
      const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId));
      const rows = await linkTransactions(linkId);
      const authorised = (await ledgerRowsOfKind(db, 'authorise')).length - authorisedBefore;
      const story = `round ${round}: delete ${JSON.stringify(deletion)} payment ${JSON.stringify(payment)} link deleted_at ${String(link!.deletedAt)} transactions ${JSON.stringify(rows.map((t) => t.status))}`;
      if (deletion.status === 200) {
        seen.delete += 1;
        // The delete won: the payment was refused as for an unknown link, and nothing was charged.
        expect(payment, story).toMatchObject({ status: 404, code: 'resource.not_found' });
        expect(link!.deletedAt, story).not.toBeNull();
        expect(rows, story).toHaveLength(0);
        expect(authorised, story).toBe(0);
      } else {
        seen.payment += 1;
        // The payment won: the delete answers 409 and the link stays, paid once.
        expect(deletion, story).toMatchObject({ status: 409, code: 'checkout.has_transactions' });
        expect(payment.data, story).toMatchObject({ outcome: 'paid', status: 'COMPLETE' });
        expect(link!.deletedAt, story).toBeNull();
        expect(
          rows.map((t) => t.status),
          story,
        ).toEqual(['COMPLETE']);
        expect(authorised, story).toBe(1);
      }
    }
    expect(seen.delete + seen.payment).toBe(DELETE_ROUNDS);
    console.info(JSON.stringify({ race: 'delete-vs-payment', db: dbs.kind(), winners: seen }));
  });
});
