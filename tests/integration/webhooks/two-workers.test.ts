import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookDeliveryAttempts } from '@/lib/db/schema';
import { claimDeliveries } from '@/lib/events/claim-deliveries';
import { emitEvent } from '@/lib/events/emit-event';
import { finishDelivery } from '@/lib/events/finish-delivery';
import { now } from '@/lib/clock';
import { deliverDueWebhooks } from '@/lib/runner/webhooks-step';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { withRaceDatabases } from '../support/races';
import { startReceiver } from './webhook-receiver';

const databases = withRaceDatabases();
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => { receiver = await startReceiver(); });
afterAll(() => receiver.close());

async function endpointWithEvents(path: string, events: number) {
  const { admin, parentId } = await createTenant('Race');
  const created = await api.put('/agent/webhooks', { organisation: parentId, url: receiver.url(path), event_types: ['transaction.completed'] }, { token: admin.token });
  receiver.secrets.set(path, created.body.data.secret);
  const db = databases.primary().db;
  for (let i = 0; i < events; i++) {
    await emitEvent(db, { organisationId: parentId, type: 'transaction.completed', resourceId: `tx-${i}`, data: async () => ({ id: `tx-${i}` }) });
  }
  return created.body.data.id as string;
}

describe('two workers, one outbox', () => {
  it('deliver every event exactly once between them', async () => {
    const endpointId = await endpointWithEvents('/race', 120);
    const worker = async (db: ReturnType<typeof databases.primary>['db']) => {
      let delivered = 0;
      for (;;) {
        const report = await deliverDueWebhooks(db, 7);
        delivered += report.delivered;
        if (report.delivered + report.retrying + report.failed + report.lost === 0) return delivered;
      }
    };
    const [a, b] = await Promise.all([worker(databases.primary().db), worker(databases.secondary().db)]);
    expect(a + b).toBe(120);
    const got = receiver.processed.filter((r) => r.path === '/race');
    expect(got).toHaveLength(120);
    expect(new Set(got.map((r) => r.body.id)).size).toBe(120);
    expect(receiver.refused).toMatchObject({ badSignature: 0, duplicate: 0 });
    const [attempts] = await databases.primary().db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.endpointId, endpointId));
    expect(attempts!.n).toBe(120);
  });

  it('a claim whose lease was lost records nothing over the newer claim', async () => {
    const endpointId = await endpointWithEvents('/lease', 1);
    const db = databases.primary().db;
    const [old] = await claimDeliveries(db, 10);
    // The lease runs out (the worker hung); another worker claims the same delivery again and delivers it.
    await db.update(webhookDeliveries).set({ claimedAt: sql`now() - interval '1 hour'` }).where(eq(webhookDeliveries.id, old!.id));
    const [fresh] = await claimDeliveries(databases.secondary().db, 10);
    expect(fresh).toMatchObject({ id: old!.id, attempts: 2 });
    expect(await finishDelivery(databases.secondary().db, fresh!, { statusCode: 200, error: null, durationMs: 5 }, now())).toBe('delivered');
    // The hung worker wakes with a failure: its claim (attempt 1) no longer holds.
    expect(await finishDelivery(db, old!, { statusCode: 500, error: null, durationMs: 9000 }, now())).toBe('lost');
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });
  });
});
