import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payByCard } from '@/lib/core/payments/pay-by-card';
import { paymentLinks, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { createTenant, type Tenant } from '../support/fixtures';
import { createGroupFixture } from '../support/groups';
import { card, cards } from '../support/payments';
import { expectOneWinner, jitter, ledgerRows, tally, viaService, withRaceDatabases } from '../support/races';

/*
 * Two payments of one member that cover overlapping instalments, fired at once
 * through two independent pools: the member row lock (then the links in id
 * order) serialises them, so exactly one is taken, the other is refused before
 * the processor sees it, and no link is paid twice. Every round uses a new
 * member and a different pair of overlapping selections.
 */
const dbs = withRaceDatabases();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await createTenant('MemberRace');
});

const ROUNDS = 8;
const poolFor = (i: number): Db => (i % 2 === 0 ? dbs.primary() : dbs.secondary()).db;
const payOn = (db: Db, checkoutId: string, coveredLinkIds: string[]) =>
  payByCard(db, { checkoutId, coveredLinkIds, method: card(cards.visa), returnUrl: 'http://localhost/return' });

describe('race: two payments of overlapping instalments of one member', () => {
  it(`takes exactly one; the other is refused and never reaches the processor (${ROUNDS} rounds)`, async () => {
    const db = dbs.primary().db;
    for (let round = 0; round < ROUNDS; round++) {
      const {
        members: [member],
      } = await createGroupFixture(tenant.admin, tenant.parentId, 1, [1000, 1000, 1000]);
      const [l1, l2, l3] = member!.links as [string, string, string];
      // Alternate the pairs: 1+2 against 2 alone, and 1+2+3 against 1+2 (each wins some rounds).
      const pair: [string, string[]][] =
        round % 2 === 0
          ? [
              [l1, [l2]],
              [l2, []],
            ]
          : [
              [l3, [l1, l2]],
              [l1, [l2]],
            ];
      const outcomes = await Promise.all(
        pair.map(async ([page, covered], i) => {
          await jitter(round, i);
          return viaService(() => payOn(poolFor(i), page, covered));
        }),
      );
      const winner = expectOneWinner(outcomes, {
        status: 409,
        codes: ['checkout.payment_in_progress', 'checkout.already_paid', 'checkout.instalments_not_payable'],
      });
      expect(winner.data, `round ${round}: ${JSON.stringify(tally(outcomes))}`).toMatchObject({
        outcome: 'paid',
        status: 'COMPLETE',
      });
      const taken = await db.select().from(transactions).where(inArray(transactions.paymentLinkId, member!.links));
      expect(
        taken.map((t) => t.status),
        `round ${round}`,
      ).toEqual(['COMPLETE']);
      expect(
        await ledgerRows(
          db,
          taken.map((t) => t.id),
          'authorise',
        ),
      ).toHaveLength(1);
      // Each link is paid once: by its own payment or settled by the winner, never both.
      const settled = await db
        .select({ id: paymentLinks.id })
        .from(paymentLinks)
        .where(and(inArray(paymentLinks.id, member!.links), isNotNull(paymentLinks.settledByTransactionId)));
      const covered = taken[0]!.coveredLinkIds ?? [];
      expect(settled.map((s) => s.id).sort()).toEqual([...covered].sort());
      expect(covered).not.toContain(taken[0]!.paymentLinkId);
      expect(
        await db
          .select()
          .from(paymentLinks)
          .where(and(eq(paymentLinks.id, taken[0]!.paymentLinkId!), isNotNull(paymentLinks.settledByTransactionId))),
      ).toHaveLength(0);
    }
  });
});
