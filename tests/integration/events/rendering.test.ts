import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookDeliveries, webhookEvents } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { emitEvent } from '@/lib/events/emit-event';
import { renderEvents } from '@/lib/events/render-events';
import { deliverDueWebhooks } from '@/lib/runner/webhooks-step';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { countStatements } from '../support/count-statements';
import { createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withRaceDatabases } from '../support/races';
import { attempt, eventsOf, renderEvent, subscribe } from './event-support';

/*
 * Events are stubs until rendered (docs/webhooks.md "Outbox"): data is the
 * resource as the API shows it when the event is first rendered, stored once
 * (first writer wins), and every attempt, replay and the delivery log carry
 * those same bytes.
 */
const dbs = withRaceDatabases();
const db = () => dbs.primary().db;

/** A receiver that records every request's body and answers the next status of `answers` (then 200). */
let receiver: {
  port: number;
  bodies: { path: string; body: { id: string; type: string; data: Record<string, unknown> | null } }[];
  answers: number[];
  close: () => void;
};
beforeAll(async () => {
  const bodies: typeof receiver.bodies = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push({ path: request.url ?? '/', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = {
    port: (server.address() as AddressInfo).port,
    bodies,
    answers,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
});
afterAll(() => receiver.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await resetClock(db());
  await db()
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: 'test cleanup' })
    .where(eq(webhookDeliveries.status, 'queued'));
});

const bodiesAt = (path: string) => receiver.bodies.filter((b) => b.path === path).map((b) => b.body);

async function endpointAt(path: string, eventTypes: string[]) {
  const tenant = await createTenant('Render');
  const created = await api.put(
    '/agent/webhooks',
    { organisation: tenant.parentId, url: `http://127.0.0.1:${receiver.port}${path}`, event_types: eventTypes },
    { token: tenant.admin.token },
  );
  expect(created.status, created.text).toBe(200);
  return { tenant, endpointId: created.body.data.id as string };
}

describe('rendered once', () => {
  it('two attempts, a replay and the delivery log carry the same data, rendered at the first attempt', async () => {
    const { tenant, endpointId } = await endpointAt('/once', ['transaction.pending']);
    const { transactionId } = await attempt(
      await createLinkVia(tenant.admin.token, tenant.parentId, { authorisation_only: true }),
    );
    receiver.answers.push(500);
    expect(await deliverDueWebhooks(db())).toMatchObject({ retrying: 1 });
    // The payment moves on before the retry: the retry still sends what the first attempt sent.
    expect((await api.get(`/agent/transactions/${transactionId}/complete`, { token: tenant.admin.token })).status).toBe(
      200,
    );
    await advanceClock(db(), { seconds: 120 });
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 1 });
    const [first, second] = bodiesAt('/once');
    expect(first!.type).toBe('transaction.pending');
    expect(first!.data).toMatchObject({ id: transactionId, status: 'PENDING' });
    expect(second!.data).toEqual(first!.data);
    const log = (await api.post(`/agent/webhooks/${endpointId}/deliveries`, {}, { token: tenant.admin.token })).body
      .data;
    expect(log[0].event.data).toEqual(first!.data);
    const replay = await api.post(
      `/agent/webhooks/${endpointId}/deliveries/${log[0].id}/replay`,
      {},
      { token: tenant.admin.token },
    );
    expect(replay.body.data.event.data).toEqual(first!.data);
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 1 });
    expect(bodiesAt('/once')[2]!.data).toEqual(first!.data);
  });

  it('data is the resource when first rendered: a pending event rendered after the capture shows it COMPLETE, its type says pending', async () => {
    const tenant = await createTenant('Late');
    await subscribe(tenant.parentId);
    const { transactionId } = await attempt(
      await createLinkVia(tenant.admin.token, tenant.parentId, { authorisation_only: true }),
    );
    await api.get(`/agent/transactions/${transactionId}/complete`, { token: tenant.admin.token });
    const [pending] = await eventsOf(transactionId, 'transaction.pending');
    expect((await renderEvent(pending!)).data).toMatchObject({ id: transactionId, status: 'COMPLETE' });
  });

  it('the delivery log renders a stub no worker has sent yet, and the worker then sends what the log showed', async () => {
    const { tenant, endpointId } = await endpointAt('/log-first', ['transaction.completed']);
    const { transactionId } = await attempt(await createLinkVia(tenant.admin.token, tenant.parentId));
    const log = (await api.post(`/agent/webhooks/${endpointId}/deliveries`, {}, { token: tenant.admin.token })).body
      .data;
    expect(log[0].event.data).toMatchObject({ id: transactionId, status: 'COMPLETE' });
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 1 });
    expect(bodiesAt('/log-first')[0]!.data).toEqual(log[0].event.data);
  });
});

describe('first writer wins', () => {
  it('two workers rendering the same event store one data, and both send that', async () => {
    const tenant = await createTenant('Race');
    await subscribe(tenant.parentId);
    // A resource that no longer exists renders as { id, deleted: true }; the other worker's data differs from that.
    const resourceId = '00000000-0000-4000-8000-000000000001';
    const id = (await emitEvent(db(), { organisationId: tenant.parentId, type: 'payment_link.paid', resourceId }))!;
    const stub = { id, type: 'payment_link.paid', resourceId, data: null };
    const theirs = { rendered_by: 'the other worker' };
    const store = (on: Db) =>
      on.execute(
        sql`update webhook_events set data = ${JSON.stringify(theirs)}::jsonb where id = ${id}::uuid and data is null`,
      );
    if (dbs.kind() === 'postgres') {
      // The other worker has stored its data but not committed: this one's store waits on the row, then finds it set.
      let stored!: () => void;
      let commit!: () => void;
      const didStore = new Promise<void>((resolve) => {
        stored = resolve;
      });
      const mayCommit = new Promise<void>((resolve) => {
        commit = resolve;
      });
      const other = dbs.secondary().db.transaction(async (tx) => {
        await store(tx as unknown as Db);
        stored();
        await mayCommit;
      });
      await didStore;
      const mine = renderEvents(db(), [stub]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      commit();
      await other;
      expect((await mine).get(id)).toEqual(theirs);
    } else {
      await store(dbs.secondary().db);
      expect((await renderEvents(db(), [stub])).get(id)).toEqual(theirs);
    }
    expect((await db().select().from(webhookEvents).where(eq(webhookEvents.id, id)))[0]!.data).toEqual(theirs);
    // Two renders at once of another stub: one stored data, both answers equal to it.
    const other = (await emitEvent(db(), { organisationId: tenant.parentId, type: 'payment_link.paid', resourceId }))!;
    const twice = await Promise.all([db(), dbs.secondary().db].map((on) => renderEvents(on, [{ ...stub, id: other }])));
    const stored = (await db().select().from(webhookEvents).where(eq(webhookEvents.id, other)))[0]!.data;
    expect(stored).toEqual({ id: resourceId, deleted: true });
    expect(twice.map((answer) => answer.get(other))).toEqual([stored, stored]);
  });
});

describe('no stub is sent', () => {
  it('an event that cannot be rendered is not sent (its delivery waits for its lease); the others of the batch are, with data', async () => {
    const { tenant } = await endpointAt('/never-a-stub', ['payment_link.paid']);
    const gone = '00000000-0000-4000-8000-000000000002';
    const good = (await emitEvent(db(), {
      organisationId: tenant.parentId,
      type: 'payment_link.paid',
      resourceId: gone,
    }))!;
    // An event whose data cannot be rendered (here: a type the registry does not know, standing for a failing read).
    const bad = (await emitEvent(db(), {
      organisationId: tenant.parentId,
      type: 'payment_link.paid',
      resourceId: gone,
    }))!;
    await db().update(webhookEvents).set({ type: 'not.a.type' }).where(eq(webhookEvents.id, bad));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await deliverDueWebhooks(db());
    expect(errors).toHaveBeenCalled();
    const sent = bodiesAt('/never-a-stub');
    expect(sent.map((b) => b.id)).toEqual([good]);
    expect(sent[0]!.data).toEqual({ id: gone, deleted: true });
    const [badEvent] = await db().select().from(webhookEvents).where(eq(webhookEvents.id, bad));
    expect(badEvent!.data).toBeNull();
    const [badDelivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, bad));
    expect(badDelivery).toMatchObject({ status: 'queued', attempts: 1 });
    expect(badDelivery!.claimedAt).not.toBeNull();
  });
});

describe('a payment pays the same statements whether or not anyone listens', () => {
  it('a card payment with no endpoint and one with an endpoint listening to every type send the same number of statements', async () => {
    const quiet = await createTenant('Quiet');
    const loud = await createTenant('Loud');
    await subscribe(loud.parentId);
    // One payment each first, so nothing done once per organisation (or per process) is counted.
    await pay(await createLinkVia(quiet.admin.token, quiet.parentId));
    await pay(await createLinkVia(loud.admin.token, loud.parentId));
    const quietLink = await createLinkVia(quiet.admin.token, quiet.parentId);
    const loudLink = await createLinkVia(loud.admin.token, loud.parentId);
    const withoutEndpoint = await countStatements(db(), () => pay(quietLink));
    const withEndpoint = await countStatements(db(), () => pay(loudLink));
    expect(withoutEndpoint).toBeGreaterThan(0);
    expect(withEndpoint).toBe(withoutEndpoint);
    // And the listened one did write its events (stubs).
    expect(await eventsOf(loudLink, 'payment_link.paid')).toHaveLength(1);
    expect(await eventsOf(quietLink)).toEqual([]);
  });
});
