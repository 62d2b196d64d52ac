import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints, webhookEvents } from '@/lib/db/schema';
import { DeliveryLane, deliveryLane } from '@/lib/events/delivery-lane';
import { emitEvent } from '@/lib/events/emit-event';
import { runOnce } from '@/lib/runner/run-once';
import { deliverDueWebhooks, dispatchDueWebhooks } from '@/lib/runner/webhooks-step';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';

/*
 * Issue 16 items 6 and 19 with real receivers on loopback: a slow one (10 s), one that answers every
 * request on a connection left idle 2 s or more with a reset (what a client sees when gunicorn's 2 s
 * idle close races its next request), and a closed port.
 */
const database = withTestDatabase();
const db = () => database.current().db;

type Arrival = { path: string; at: number; answeredAt: number | null };
const arrivals: Arrival[] = [];
const delays = new Map<string, number>();
let resets = 0;
let server: http.Server;
let port = 0;
beforeAll(async () => {
  const lastAnswer = new WeakMap<object, number>();
  server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const idleSince = lastAnswer.get(request.socket);
    if (path.startsWith('/gunicorn') && idleSince !== undefined && Date.now() - idleSince >= 2_000) {
      resets += 1;
      request.socket.resetAndDestroy();
      return;
    }
    const arrival: Arrival = { path, at: Date.now(), answeredAt: null };
    arrivals.push(arrival);
    request.resume();
    request.on('end', () =>
      setTimeout(
        () => {
          arrival.answeredAt = Date.now();
          if (!response.destroyed) response.writeHead(200).end();
          lastAnswer.set(request.socket, Date.now());
        },
        delays.get(path) ?? 0,
      ),
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  if (!server) return;
  await deliveryLane(db()).settled();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function endpointAt(url: string) {
  const { admin, parentId } = await createTenant('Lane');
  const created = await api.put(
    '/agent/webhooks',
    { organisation: parentId, url, event_types: ['refund.completed'] },
    { token: admin.token },
  );
  expect(created.status, created.text).toBe(200);
  return { admin, parentId, endpointId: created.body.data.id as string };
}

async function emit(organisationId: string, resourceId: string) {
  const id = (await emitEvent(db(), { organisationId, type: 'refund.completed', resourceId }))!;
  await db()
    .update(webhookEvents)
    .set({ data: { id: resourceId } })
    .where(eq(webhookEvents.id, id));
  return id;
}

const deliveryOf = async (eventId: string) =>
  (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)))[0]!;
const until = async (what: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; !what() && Date.now() < end;)
    await new Promise((resolve) => setTimeout(resolve, 25));
  return what();
};

describe('deliveries do not wait on each other, nor the runner on them', () => {
  it("one endpoint taking 10 s holds neither the runner pass nor another endpoint's event", async () => {
    delays.set('/slow', 10_000);
    const slow = await endpointAt(`http://127.0.0.1:${port}/slow`);
    const fast = await endpointAt(`http://127.0.0.1:${port}/fast`);
    await emit(slow.parentId, 'refund-slow');
    await runOnce(db());
    expect(await until(() => arrivals.some((a) => a.path === '/slow'), 5_000)).toBe(true);
    const slowArrival = arrivals.find((a) => a.path === '/slow')!;
    // Before: the pass awaited every POST of its batch, so it ended after the slow receiver's 10 s (answered or cut off).
    expect(slowArrival.answeredAt).toBeNull();

    await emit(fast.parentId, 'refund-fast');
    await dispatchDueWebhooks(db());
    expect(await until(() => arrivals.some((a) => a.path === '/fast' && a.answeredAt !== null), 5_000)).toBe(true);
    expect(slowArrival.answeredAt).toBeNull(); // still waiting on the slow one
    await deliveryLane(db()).settled();
    const [attempt] = await db()
      .select()
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.endpointId, slow.endpointId));
    expect(attempt).toMatchObject({ statusCode: null, error: 'timeout after 10 s' });
  }, 40_000);

  it('an endpoint with a backlog takes at most its share of the places', async () => {
    delays.set('/backlog', 1_500);
    const busy = await endpointAt(`http://127.0.0.1:${port}/backlog`);
    const other = await endpointAt(`http://127.0.0.1:${port}/other`);
    for (let i = 0; i < 6; i++) await emit(busy.parentId, `refund-backlog-${i}`);
    const otherEvent = await emit(other.parentId, 'refund-other');
    // 4 places, 2 per endpoint: the other endpoint's event, claimed after the backlog's, still gets a place at once.
    const lane = new DeliveryLane(db(), 4, 2);
    await lane.fill();
    expect(await until(() => arrivals.some((a) => a.path === '/other' && a.answeredAt !== null), 1_400)).toBe(true);
    expect(arrivals.filter((a) => a.path === '/backlog' && a.answeredAt === null).length).toBeLessThanOrEqual(3);
    expect(await lane.settled()).toMatchObject({ delivered: 7, retrying: 0 });
    expect((await deliveryOf(otherEvent)).status).toBe('delivered');
  }, 40_000);
});

describe('keep-alive and the delivery log', () => {
  it('a connection the receiver closed after 2 s idle is retried at once: delivered on the first attempt', async () => {
    const { parentId, endpointId } = await endpointAt(`http://127.0.0.1:${port}/gunicorn`);
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 0 });
    await emit(parentId, 'refund-k1');
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const resetsBefore = resets;
    const second = await emit(parentId, 'refund-k2');
    // Before: a failed attempt ("socket hang up") and a back-off minute.
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 1, retrying: 0 });
    expect(resets).toBeGreaterThan(resetsBefore);
    expect(await deliveryOf(second)).toMatchObject({ status: 'delivered', attempts: 1 });
    const attempts = await db()
      .select()
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.endpointId, endpointId));
    expect(attempts.map((a) => a.statusCode)).toEqual([200, 200]);
  });

  it('the sandbox log of a closed local port says "connection failed", naming no address or port', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { admin, parentId, endpointId } = await endpointAt(`http://127.0.0.1:${closedPort}/scan`);
    await emit(parentId, 'refund-scan');
    expect(await deliverDueWebhooks(db())).toMatchObject({ retrying: 1 });
    const log = await api.post(`/agent/webhooks/${endpointId}/deliveries`, {}, { token: admin.token });
    const [delivery] = log.body.data;
    expect(delivery).toMatchObject({
      last_error: 'connection failed',
      last_status_code: null,
      attempt_log: [{ error: 'connection failed', status_code: null }],
    });
    const text = JSON.stringify(delivery.attempt_log) + delivery.last_error;
    expect(text).not.toContain(String(closedPort));
    expect(text).not.toMatch(/ECONN|127\.0\.0\.1/);
  });

  it('the sandbox refuses link-local and metadata addresses at create, and at delivery one stored before the rule', async () => {
    const { admin, parentId, endpointId } = await endpointAt(`http://127.0.0.1:${port}/meta`);
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://168.63.129.16/',
      'http://[::ffff:169.254.169.254]/',
    ]) {
      const created = await api.put(
        '/agent/webhooks',
        { organisation: parentId, url, event_types: ['refund.completed'] },
        { token: admin.token },
      );
      expect(created.status, url).toBe(422);
      expect(created.body.errors[0].code).toBe('webhook.url_not_allowed');
    }
    await db()
      .update(webhookEndpoints)
      .set({ url: 'http://169.254.169.254/latest/meta-data/' })
      .where(eq(webhookEndpoints.id, endpointId));
    const test = await api.post(`/agent/webhooks/${endpointId}/test`, {}, { token: admin.token });
    expect(test.status, test.text).toBe(200);
    expect(await deliverDueWebhooks(db())).toMatchObject({ retrying: 1, delivered: 0 });
    const [delivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
    expect(delivery).toMatchObject({
      lastStatusCode: null,
      lastError:
        'refused address: url must not point to a private, local, metadata or denied address (169.254.169.254).',
    });
  });
});
