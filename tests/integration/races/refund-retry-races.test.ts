import { inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { now } from '@/lib/clock';
import { refunds } from '@/lib/db/schema';
import { SandboxProcessor } from '@/lib/payments/processor';
import { retryAuthorisedRefunds } from '@/lib/runner/refunds-step';
import { api } from '../support/api-client';
import { createTenant, type Tenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { ledgerRowsOfKind, withRaceDatabases } from '../support/races';

/*
 * Due refunds are claimed in SQL (FOR UPDATE SKIP LOCKED, the next attempt
 * pushed past a lease in the same statement): workers on two pools running the
 * refund step at once send each refund to the processor exactly once.
 */
const dbs = withRaceDatabases();
let tenant: Tenant;
beforeAll(async () => {
  tenant = await createTenant('Race');
});
afterEach(() => vi.restoreAllMocks());

const REFUNDS = 24;
const WORKERS = 4;

describe('race: runners retrying the same due refunds', () => {
  it(`sends each of ${REFUNDS} due refunds once with ${WORKERS} workers`, async () => {
    const db = dbs.primary().db;
    const ids: string[] = [];
    for (let i = 0; i < REFUNDS; i++) {
      const { transactionId } = (await pay(
        await createLinkVia(tenant.admin.token, tenant.parentId, { amount: 1000 }),
      )) as { transactionId: string };
      ids.push(
        (await api.post(`/agent/transactions/${transactionId}/refund`, { amount: 1000 }, { token: tenant.admin.token }))
          .body.data.id,
      );
    }
    // What a process leaves when it dies between authorising the refunds and sending them.
    await db
      .update(refunds)
      .set({ status: 'AUTHORISED', nextAttemptAt: new Date(now().getTime() - 1000) })
      .where(inArray(refunds.id, ids));
    const send = vi.spyOn(SandboxProcessor.prototype, 'refund');
    const settled = await Promise.all(
      Array.from({ length: WORKERS }, (_, w) => retryAuthorisedRefunds(w % 2 === 0 ? db : dbs.secondary().db, 10)),
    );
    let more = 0;
    while ((more = await retryAuthorisedRefunds(db)) > 0) settled.push(more);
    expect(settled.reduce((a, b) => a + b, 0)).toBe(REFUNDS);
    const keys = send.mock.calls.map(([input]) => input.idempotencyKey).sort();
    expect(keys).toEqual(ids.map((id) => `${id}:refund`).sort());
    const rows = await db.select().from(refunds).where(inArray(refunds.id, ids));
    expect(rows.every((r) => r.status === 'COMPLETE' && r.attempts === 1)).toBe(true);
    expect(
      (await ledgerRowsOfKind(db, 'refund')).filter((r) => ids.some((id) => r.idempotencyKey === `${id}:refund`)),
    ).toHaveLength(REFUNDS);
  });
});
