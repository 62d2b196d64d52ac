import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and } from 'drizzle-orm';
import { emailOutbox, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '@/lib/db/schema';
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
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function endpointWithEvents(path: string, events: number) {
  const { admin, parentId } = await createTenant('Race');
  const created = await api.put(
    '/agent/webhooks',
    { organisation: parentId, url: receiver.url(path), event_types: ['transaction.completed'] },
    { token: admin.token },
  );
  receiver.secrets.set(path, created.body.data.secret);
  const db = databases.primary().db;
  for (let i = 0; i < events; i++) {
    await emitEvent(db, { organisationId: parentId, type: 'transaction.completed', resourceId: `tx-${i}` });
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
    const [attempts] = await databases
      .primary()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.endpointId, endpointId));
    expect(attempts!.n).toBe(120);
  });

  it('a claim whose lease was lost records nothing over the newer claim', async () => {
    const endpointId = await endpointWithEvents('/lease', 1);
    const db = databases.primary().db;
    const [old] = await claimDeliveries(db, 10);
    // The lease runs out (the worker hung); another worker claims the same delivery again and delivers it.
    await db
      .update(webhookDeliveries)
      .set({ claimedAt: sql`now() - interval '1 hour'` })
      .where(eq(webhookDeliveries.id, old!.id));
    const [fresh] = await claimDeliveries(databases.secondary().db, 10);
    expect(fresh).toMatchObject({ id: old!.id, attempts: 2 });
    expect(
      await finishDelivery(databases.secondary().db, fresh!, { statusCode: 200, error: null, durationMs: 5 }, now()),
    ).toBe('delivered');
    // The hung worker wakes with a failure: its claim (attempt 1) no longer holds.
    expect(await finishDelivery(db, old!, { statusCode: 500, error: null, durationMs: 9000 }, now())).toBe('lost');
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });
  });

  it('disable a failing endpoint while both record failed attempts to it, without a deadlock, and email once', async () => {
    // Each failed attempt locks its delivery row, then the endpoint row; the worker that disables the
    // endpoint fails the others' queued deliveries: it must not wait for a row another worker holds.
    const endpointId = await endpointWithEvents('/failing', 60);
    const db = databases.primary().db;
    await db
      .update(webhookEndpoints)
      .set({ failingSince: sql`${now().toISOString()}::timestamptz - interval '4 days'` })
      .where(eq(webhookEndpoints.id, endpointId));
    receiver.state.status = 500;
    try {
      const worker = async (pool: typeof db) => {
        for (;;) {
          const report = await deliverDueWebhooks(pool, 15);
          if (report.delivered + report.retrying + report.failed + report.lost === 0) return;
        }
      };
      await Promise.all([worker(db), worker(databases.secondary().db)]);
    } finally {
      receiver.state.status = 200;
    }
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    // A delivery whose failed attempt was being recorded while the endpoint was disabled was left to its
    // worker and queued for a retry; at that retry it is failed without being sent.
    const queued = and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'queued'));
    const attemptsBefore = await db
      .select()
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.endpointId, endpointId));
    await db.update(webhookDeliveries).set({ nextAttemptAt: null }).where(queued);
    await deliverDueWebhooks(db, 100);
    expect(await db.select().from(webhookDeliveries).where(queued)).toHaveLength(0);
    expect(
      await db.select().from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.endpointId, endpointId)),
    ).toHaveLength(attemptsBefore.length);
    const failed = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
    expect(failed.every((d) => d.status === 'failed')).toBe(true);
    const emails = await db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.organisationId, endpoint!.organisationId),
          eq(emailOutbox.kind, 'alert:webhook-endpoint-disabled'),
        ),
      );
    expect(emails).toHaveLength(1);
  });
});
