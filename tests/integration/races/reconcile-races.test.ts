import { inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { transactions } from '@/lib/db/schema';
import { SandboxProcessor } from '@/lib/payments/processor';
import { reconcileStalePayments } from '@/lib/runner/reconcile-step';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { createTenant, type Tenant } from '../support/fixtures';
import { IN_FLIGHT_CARDS } from '../support/in-flight-cards';
import { createLinkVia, pay } from '../support/payments';
import { auditCount, withRaceDatabases } from '../support/races';

/*
 * Several runners reconciling the same lost payments: the claim (UPDATE over
 * SELECT ... FOR UPDATE SKIP LOCKED) gives each payment to one runner, so each
 * is asked about once and recorded once (one audit record).
 */
const dbs = withRaceDatabases();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await createTenant('Reconcile');
});
afterEach(() => vi.restoreAllMocks());

/** Payments lost at once: as many as the card-testing limits let three cards have in flight (support/in-flight-cards.ts). */
const LOST = 12;

describe('race: runners reconciling the same unsettled payments', () => {
  it('asks about and records each payment exactly once', { timeout: 120_000 }, async () => {
    const links = await Promise.all(
      Array.from({ length: LOST }, () => createLinkVia(tenant.admin.token, tenant.parentId, { amount: 3000 })),
    );
    const original = SandboxProcessor.prototype.authorise;
    const lost: string[] = [];
    const authorise = vi.spyOn(SandboxProcessor.prototype, 'authorise').mockImplementation(async function (
      this: SandboxProcessor,
      input,
    ) {
      await original.call(this, input);
      lost.push(input.reference);
      return new Promise(() => {});
    });
    links.forEach((link, index) => void pay(link, IN_FLIGHT_CARDS[index % IN_FLIGHT_CARDS.length]));
    await vi.waitFor(() => expect(lost).toHaveLength(LOST), { timeout: 30_000, interval: 50 });
    authorise.mockRestore();

    const findPayment = vi.spyOn(SandboxProcessor.prototype, 'findPayment');
    const primary = dbs.primary().db;
    try {
      await advanceClock(primary, { seconds: 31 * 60 });
      const runner = async (db: typeof primary) => {
        let total = 0;
        for (;;) {
          const { resolved } = await reconcileStalePayments(db, 4);
          if (resolved === 0) return total;
          total += resolved;
        }
      };
      const totals = await Promise.all([
        runner(primary),
        runner(dbs.secondary().db),
        runner(primary),
        runner(dbs.secondary().db),
      ]);
      expect(totals.reduce((a, b) => a + b, 0)).toBe(LOST);
    } finally {
      await resetClock(primary);
    }
    expect(findPayment).toHaveBeenCalledTimes(LOST);
    const rows = await primary.select().from(transactions).where(inArray(transactions.id, lost));
    expect(rows.map((r) => r.status)).toEqual(Array(LOST).fill('COMPLETE'));
    for (const id of lost) expect(await auditCount(primary, 'transaction:payment', id)).toBe(1);
  });
});
