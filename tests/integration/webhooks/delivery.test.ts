import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { now } from '@/lib/clock';
import {
  emailOutbox,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEndpoints,
  webhookEvents,
} from '@/lib/db/schema';
import { emitEvent } from '@/lib/events/emit-event';
import { DELIVERY_TIMEOUT_MS, postWebhook } from '@/lib/events/post-webhook';
import type { EventType } from '@/lib/events/event-types';
import { advanceClock, resetClock, setClock } from '@/lib/sandbox/test-clock';
import { deliverDueWebhooks } from '@/lib/runner/webhooks-step';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';
import { startReceiver } from './webhook-receiver';

const database = withTestDatabase();
const db = () => database.current().db;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
afterEach(async () => {
  vi.unstubAllEnvs();
  receiver.state.status = 200;
  await resetClock(db());
  // Each test starts with nothing due: what an earlier test left queued would be claimed with the moved clock.
  await db()
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: 'test cleanup' })
    .where(eq(webhookDeliveries.status, 'queued'));
});

/** An organisation (alerts to `alerts@…`) with an endpoint on the receiver at `path`. */
async function endpointAt(
  path: string,
  eventTypes: EventType[] = ['refund.completed'],
  host = '127.0.0.1',
  scheme = 'http',
) {
  const { admin, parentId } = await createTenant('Deliver');
  await api.post(
    `/agent/organisations/${parentId}/settings`,
    { notification_email: `alerts@${parentId}.example.com` },
    { token: admin.token },
  );
  const url = `${scheme}://${host}:${receiver.port}${path}`;
  const created = await api.put(
    '/agent/webhooks',
    { organisation: parentId, url, event_types: eventTypes },
    { token: admin.token },
  );
  expect(created.status, created.text).toBe(200);
  receiver.secrets.set(path, created.body.data.secret);
  return { admin, parentId, endpoint: created.body.data as { id: string; secret: string } };
}

/** An event about a made-up resource, its data stored as if rendered already (rendering is tested in tests/integration/events). */
async function emit(organisationId: string, resourceId: string, type: EventType = 'refund.completed') {
  const id = await emitEvent(db(), { organisationId, type, resourceId });
  if (id)
    await db()
      .update(webhookEvents)
      .set({ data: { id: resourceId, amount: 1250, currency: 'GBX' } })
      .where(eq(webhookEvents.id, id));
  return id;
}

const deliveryOf = async (eventId: string) =>
  (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)))[0]!;
const endpointRow = async (id: string) =>
  (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

describe('webhook delivery to a real receiver', () => {
  it('POSTs the documented headers and body, signed as the Felloh SDK verifies, once', async () => {
    const { parentId, endpoint } = await endpointAt('/signed', ['refund.completed', 'refund.declined']);
    const eventId = (await emit(parentId, 'refund-1'))!;
    expect(await emit(parentId, 'refund-2', 'chargeback.opened')).toBeNull(); // not subscribed: nothing written
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 1, retrying: 0 });
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 0 });
    const got = receiver.processed.filter((r) => r.path === '/signed');
    expect(got).toHaveLength(1);
    const { headers, body } = got[0]!;
    const delivery = await deliveryOf(eventId);
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'travel-pay-webhooks/1',
      'x-event-id': eventId,
      'x-event-type': 'refund.completed',
      'x-delivery-id': delivery.id,
    });
    expect(headers['x-signature-previous']).toBeUndefined();
    expect(Number(headers['x-timestamp'])).toBe(Math.floor(Date.parse(body.sent_at) / 1000));
    expect(body).toMatchObject({ id: eventId, type: 'refund.completed', data: { id: 'refund-1', amount: 1250 } });
    expect(Object.keys(body)).toEqual(['id', 'type', 'created_at', 'sent_at', 'data']);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, claimedAt: null });
    expect(receiver.refused.badSignature).toBe(0);
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();
  });

  it('a receiver following the docs refuses a recorded request sent again, and a forged signature', async () => {
    const { parentId } = await endpointAt('/replayed');
    await emit(parentId, 'refund-3');
    await deliverDueWebhooks(db());
    const captured = receiver.processed.find((r) => r.path === '/replayed')!;
    const before = receiver.processed.length;
    expect(await receiver.resend(captured)).toBe(200); // already processed: acknowledged, not processed again
    expect(receiver.refused.duplicate).toBeGreaterThanOrEqual(1);
    await advanceClock(db(), { seconds: 6 * 60 });
    receiver.seen.clear(); // even a receiver that forgot the id refuses it: sent_at is signed and old
    expect(await receiver.resend(captured)).toBe(400);
    expect(
      await receiver.resend({ ...captured, headers: { ...captured.headers, 'x-signature': 'f'.repeat(64) } }),
    ).toBe(401);
    expect(receiver.processed.length).toBe(before);
  });

  it('a redirect is a failed attempt, never followed', async () => {
    const { parentId } = await endpointAt('/moved');
    receiver.state.status = 302;
    const eventId = (await emit(parentId, 'refund-4'))!;
    expect(await deliverDueWebhooks(db())).toMatchObject({ retrying: 1 });
    expect(await deliveryOf(eventId)).toMatchObject({ status: 'queued', lastStatusCode: 302, lastError: 'HTTP 302' });
  });

  it('an answer slower than the timeout (10 s) is a failed attempt', async () => {
    // The mechanism at 0.3 s (waiting 10 s on each database cost the suite 20 s); the 10 s is the constant deliveries use.
    expect(DELIVERY_TIMEOUT_MS).toBe(10_000);
    receiver.state.delayMs = 1_000;
    try {
      const outcome = await postWebhook(
        `http://127.0.0.1:${receiver.port}/slow`,
        { 'content-type': 'application/json' },
        '{}',
        300,
      );
      expect(outcome).toMatchObject({ statusCode: null, error: 'timeout after 0.3 s' });
      expect(outcome.durationMs).toBeLessThan(1_000);
    } finally {
      receiver.state.delayMs = 0;
    }
  });

  it('an event written for an endpoint disabled meanwhile is not sent', async () => {
    const { parentId, endpoint } = await endpointAt('/gone');
    const eventId = (await emit(parentId, 'refund-gone'))!;
    // As if the disable committed between the event's endpoint lookup and its commit: the delivery is still queued.
    await db()
      .update(webhookEndpoints)
      .set({ status: 'disabled', disabledReason: 'by_merchant' })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const before = receiver.processed.length;
    expect(await deliverDueWebhooks(db())).toMatchObject({ failed: 1, delivered: 0 });
    expect(await deliveryOf(eventId)).toMatchObject({ status: 'failed', lastError: 'endpoint_disabled' });
    expect(receiver.processed.length).toBe(before);
  });

  it('retries 1 min doubling to 6 h for 3 days, then fails; a failing endpoint is disabled once, with one email', async () => {
    const { parentId, endpoint } = await endpointAt('/down');
    receiver.state.status = 500;
    const first = (await emit(parentId, 'refund-5'))!;
    const waits: number[] = [];
    for (let guard = 0; guard < 40; guard++) {
      const before = await deliveryOf(first);
      if (before.status !== 'queued') break;
      if (before.nextAttemptAt) {
        expect(await deliverDueWebhooks(db())).toMatchObject({ retrying: 0, failed: 0 }); // not yet due
        waits.push(before.nextAttemptAt.getTime() - (await attemptAt(first, Math.max)));
        await setClock(db(), { to: before.nextAttemptAt });
      }
      await deliverDueWebhooks(db());
    }
    const minute = 60_000;
    expect(waits.slice(0, 10)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360].map((m) => m * minute));
    expect(new Set(waits.slice(9))).toEqual(new Set([360 * minute]));
    const firstAt = await attemptAt(first, Math.min);
    const failed = await deliveryOf(first);
    expect(failed).toMatchObject({ status: 'failed', lastError: 'HTTP 500' });
    expect((await attemptAt(first, Math.max)) - firstAt).toBeLessThanOrEqual(3 * 24 * 60 * minute);
    expect((await attemptAt(first, Math.max)) + 360 * minute - firstAt).toBeGreaterThan(3 * 24 * 60 * minute);
    // Failing since the first attempt, under 3 days: still enabled. One more failure after 3 days disables it.
    expect(await endpointRow(endpoint.id)).toMatchObject({ status: 'enabled', failingSince: new Date(firstAt) });
    const second = (await emit(parentId, 'refund-6'))!;
    await setClock(db(), { to: new Date(firstAt + 3 * 24 * 60 * minute + minute) });
    const third = (await emit(parentId, 'refund-7'))!;
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now().getTime() + 3600_000) })
      .where(eq(webhookDeliveries.eventId, third));
    expect(await deliverDueWebhooks(db())).toMatchObject({ retrying: 1 });
    expect(await endpointRow(endpoint.id)).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    expect(await deliveryOf(third)).toMatchObject({ status: 'failed', lastError: 'endpoint_disabled' });
    // The attempt that disabled it was recorded (HTTP 500), then failed with everything else queued.
    expect(await deliveryOf(second)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'endpoint_disabled',
    });
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.organisationId, parentId), eq(emailOutbox.kind, 'alert:webhook-endpoint-disabled')));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.textBody).toContain(`127.0.0.1:${receiver.port}/down`);
    expect(await emit(parentId, 'refund-8')).toBeNull(); // a disabled endpoint gets no new deliveries
  });

  it('a success clears the failing streak', async () => {
    const { parentId, endpoint } = await endpointAt('/flaky');
    receiver.state.status = 503;
    const eventId = (await emit(parentId, 'refund-9'))!;
    await deliverDueWebhooks(db());
    expect((await endpointRow(endpoint.id)).failingSince).not.toBeNull();
    receiver.state.status = 200;
    await setClock(db(), { to: (await deliveryOf(eventId)).nextAttemptAt! });
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 1 });
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();
    const attempts = await db()
      .select()
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.endpointId, endpoint.id));
    expect(attempts.map((a) => [a.attempt, a.statusCode]).sort()).toEqual([
      [1, 503],
      [2, 200],
    ]);
  });

  it('production mode refuses private addresses at delivery, on the address connected to', async () => {
    // Made in the sandbox (which allows local addresses), delivered in production.
    const byName = await endpointAt('/by-name', ['refund.completed'], 'localhost', 'https');
    const byAddress = await endpointAt('/by-address', ['refund.completed'], '127.0.0.1', 'https');
    const plain = await endpointAt('/plain');
    const events = [
      await emit(byName.parentId, 'r-a'),
      await emit(byAddress.parentId, 'r-b'),
      await emit(plain.parentId, 'r-c'),
    ];
    vi.stubEnv('MODE', 'production');
    const before = receiver.processed.length;
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 0, retrying: 3 });
    expect(receiver.processed.length).toBe(before);
    const [name, address, http] = await Promise.all(events.map((id) => deliveryOf(id!)));
    // The log names no resolved address (it would map what the worker can reach): a category only.
    expect(name!.lastError).toBe('host not resolved or not allowed');
    expect(address!.lastError).toBe(
      'refused address: url must not point to a private, local, metadata or denied address (127.0.0.1).',
    );
    expect(http!.lastError).toContain('refused address: url must be https in production');
  });
});

/** The first (Math.min) or latest (Math.max) attempt's time of an event's delivery. */
async function attemptAt(eventId: string, pick: (...values: number[]) => number): Promise<number> {
  const delivery = await deliveryOf(eventId);
  const attempts = await db()
    .select()
    .from(webhookDeliveryAttempts)
    .where(eq(webhookDeliveryAttempts.deliveryId, delivery.id));
  return pick(...attempts.map((a) => a.createdAt.getTime()));
}
