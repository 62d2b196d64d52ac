import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@/lib/db/schema';
import { renderEvents } from '@/lib/events/render-events';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { adyenBatch, adyenItem, notificationsOf, postNotifications, TEST_HMAC_KEY } from '../support/notifications';
import { createLinkVia, pay } from '../support/payments';
import { sdk } from '../sdk-compat/felloh-sdk';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();
const savedKey = process.env.ADYEN_HMAC_KEY;
beforeAll(() => {
  process.env.ADYEN_HMAC_KEY = TEST_HMAC_KEY;
});
afterAll(() => {
  if (savedKey === undefined) delete process.env.ADYEN_HMAC_KEY;
  else process.env.ADYEN_HMAC_KEY = savedKey;
});

/** The endpoints API may not be on this branch: the endpoint is written directly, subscribed to the chargeback events. */
async function listeningEndpoint(organisationId: string) {
  const [endpoint] = await (
    await getDb()
  )
    .insert(webhookEndpoints)
    .values({
      organisationId,
      url: 'http://localhost:9/hooks',
      eventTypes: ['chargeback.opened', 'chargeback.updated'],
      secret: 'whsec_test',
    })
    .returning();
  return endpoint!;
}

async function completedPayment(linkOverrides: Record<string, unknown> = {}) {
  const tenant = await createTenant();
  const bookingId = await createBookingVia(tenant.admin.token, tenant.parentId);
  const outcome = await pay(
    await createLinkVia(tenant.admin.token, tenant.parentId, { booking_id: bookingId, ...linkOverrides }),
  );
  return { ...tenant, bookingId, transactionId: (outcome as { transactionId: string }).transactionId };
}

/** Renders the organisation's events written so far, as the delivery worker would at its next pass (data: the chargeback then). */
async function deliverPass(organisationId: string) {
  const db = await getDb();
  await renderEvents(db, await db.select().from(webhookEvents).where(eq(webhookEvents.organisationId, organisationId)));
}

const raise = (token: string, transactionId: string, body: Record<string, unknown>) =>
  api.post(`/sandbox/transactions/${transactionId}/chargeback`, body, { token });

describe('chargebacks', () => {
  it('lives NOTIFIED → CHARGED_BACK → REVERSED in the sandbox, each move an event in the outbox, rendered as the chargeback is listed', async () => {
    const { admin, parentId, transactionId } = await completedPayment();
    const endpoint = await listeningEndpoint(parentId);
    const notified = await raise(admin.token, transactionId, { stage: 'notification', reason: 'Goods not received' });
    await deliverPass(parentId);
    expect(notified.status).toBe(200);
    expect(notified.body.data).toMatchObject({
      status: 'NOTIFIED',
      amount: 10000,
      currency: 'GBP',
      reason: 'Goods not received',
      transaction_id: transactionId,
      organisation: parentId,
      posting_date: null,
      due_date: expect.any(String),
    });
    const charged = await raise(admin.token, transactionId, { stage: 'chargeback' });
    await deliverPass(parentId);
    expect(charged.body.data).toMatchObject({
      id: notified.body.data.id,
      status: 'CHARGED_BACK',
      posting_date: expect.any(String),
    });
    const reversed = await raise(admin.token, transactionId, { stage: 'reversed' });
    await deliverPass(parentId);
    expect(reversed.body.data).toMatchObject({ id: notified.body.data.id, status: 'REVERSED' });
    // Repeated, a stage is the same item: stored and applied once, no second event.
    expect((await raise(admin.token, transactionId, { stage: 'chargeback' })).body.data).toMatchObject({
      status: 'REVERSED',
    });

    const db = await getDb();
    const events = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.resourceId, notified.body.data.id))
      .orderBy(webhookEvents.createdAt);
    expect(events.map((e) => [e.type, (e.data as { status: string }).status])).toEqual([
      ['chargeback.opened', 'NOTIFIED'],
      ['chargeback.updated', 'CHARGED_BACK'],
      ['chargeback.updated', 'REVERSED'],
    ]);
    const listed = await sdk(admin.token).chargebacks.list({ organisation: parentId });
    expect(events[2]!.data).toEqual(listed.data[0]);
    const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries).toHaveLength(3);
    expect(deliveries.every((d) => d.status === 'queued' && d.organisationId === parentId)).toBe(true);
  });

  it('takes Adyen items out of order: a CHARGEBACK before its notification opens it, the late notification changes nothing', async () => {
    const { parentId, transactionId } = await completedPayment();
    await listeningEndpoint(parentId);
    const db = await getDb();
    const { transactions } = await import('@/lib/db/schema');
    const [payment] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
    const dispute = {
      pspReference: 'DISPUTE000000001',
      originalReference: payment!.providerReference!,
      merchantReference: transactionId,
      amount: 6000,
    };
    await postNotifications(
      adyenBatch(
        adyenItem({
          eventCode: 'CHARGEBACK',
          ...dispute,
          reason: 'Fraud',
          additionalData: { chargebackReasonCode: '10.4', defensePeriodEndsAt: '2026-12-07T10:00:00+01:00' },
        }),
      ),
    );
    await deliverPass(parentId);
    await postNotifications(adyenBatch(adyenItem({ eventCode: 'NOTIFICATION_OF_CHARGEBACK', ...dispute })));
    const stored = await notificationsOf('DISPUTE000000001');
    expect(stored.find((n) => n.eventCode === 'NOTIFICATION_OF_CHARGEBACK')).toMatchObject({
      status: 'ignored',
      outcome: 'chargeback already NOTIFIED or further',
    });
    await postNotifications(adyenBatch(adyenItem({ eventCode: 'CHARGEBACK_REVERSED', ...dispute })));
    await deliverPass(parentId);
    const events = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.organisationId, parentId))
      .orderBy(webhookEvents.createdAt);
    expect(events.map((e) => e.type)).toEqual(['chargeback.opened', 'chargeback.updated']);
    expect(events[0]!.data).toMatchObject({
      status: 'CHARGED_BACK',
      amount: 6000,
      reason: 'Fraud',
      due_date: '2026-12-07T09:00:00.000Z',
      posting_date: '2026-11-23T11:00:00.000Z',
    });
    expect(events[1]!.data).toMatchObject({ status: 'REVERSED', posting_date: '2026-11-23T11:00:00.000Z' });
    // A dispute on a payment that is not ours is stored and ignored, with the reason.
    await postNotifications(
      adyenBatch(
        adyenItem({ eventCode: 'CHARGEBACK', pspReference: 'DISPUTE000000002', originalReference: 'NOTOURS000000001' }),
      ),
    );
    expect((await notificationsOf('DISPUTE000000002'))[0]).toMatchObject({
      status: 'ignored',
      outcome: 'no payment with this original reference',
    });
  });

  it("lists chargebacks in the Felloh SDK's shape, newest first, all pages, role chargebacks:view", async () => {
    const { admin, parentId, childId, makeCaller } = await createTenant('Chargebacks');
    const ids: string[] = [];
    for (const organisation of [parentId, parentId, childId]) {
      const bookingId = await createBookingVia(admin.token, organisation);
      const outcome = await pay(await createLinkVia(admin.token, organisation, { booking_id: bookingId }));
      const transactionId = (outcome as { transactionId: string }).transactionId;
      ids.push((await raise(admin.token, transactionId, { stage: 'notification' })).body.data.id);
    }
    const client = sdk(admin.token);
    const page = await client.chargebacks.list({ organisation: parentId, skip: 0, take: 1, type: 'json' });
    expect(page.meta).toMatchObject({ count: 2, has_more: true });
    const item = page.data[0];
    expect(item).toMatchObject({
      id: ids[1],
      transaction: {
        id: expect.any(String),
        amount: 10000,
        booking: { id: expect.any(String), booking_reference: expect.any(String) },
      },
      received_date: expect.any(String),
      status: 'NOTIFIED',
      reason: expect.any(String),
      amount: 10000,
      currency: 'GBP',
      due_date: expect.any(String),
      posting_date: null,
      created_at: expect.any(String),
      transaction_id: expect.any(String),
      organisation: parentId,
    });
    const all = await client.chargebacks.listAll({ organisation: parentId, 'show-child-organisations': true });
    expect(all.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1], ids[0]]);

    const noRole = await makeCaller({ roles: ['booking-and-payment:create:payment'], organisationId: parentId });
    const refused = await api.post('/agent/chargebacks', { organisation: parentId }, { token: noRole.token });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('auth.missing_role');
    expect(
      (await api.post('/agent/chargebacks', { organisation: parentId, take: 26 }, { token: admin.token })).status,
    ).toBe(422);
  });

  it('the sandbox operation needs a COMPLETE transaction of a reachable organisation, and does not exist in production', async () => {
    const { admin, parentId } = await createTenant();
    const held = await pay(await createLinkVia(admin.token, parentId, { authorisation_only: true }));
    const refused = await raise(admin.token, (held as { transactionId: string }).transactionId, {
      stage: 'notification',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('chargeback.transaction_not_complete');
    const other = await completedPayment();
    expect((await raise(admin.token, other.transactionId, { stage: 'notification' })).status).toBe(404);
    expect((await raise(admin.token, other.transactionId, { stage: 'won' })).status).toBe(422);
    vi.stubEnv('MODE', 'production');
    try {
      const response = await raise(other.admin.token, other.transactionId, { stage: 'notification' });
      expect(response.status).toBe(404);
      expect(response.body.errors[0].code).toBe('route.not_found');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
