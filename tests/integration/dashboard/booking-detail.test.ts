import { describe, expect, it } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { getBookingDetail } from '@/lib/core/bookings/booking-detail/booking-detail';
import { getTransactionTimeline } from '@/lib/core/transactions/timeline/transaction-timeline';
import { getDb } from '@/lib/db/client';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { bookingWithSavedCard, createLinkVia, pay } from '../support/payments';
import { actorFor } from '../support/races';
import { withTestDatabase } from '../support/test-database';
import { groupVia, inDays } from '../groups/group-support';

withTestDatabase();

const detailAs = async (apiKeyId: string, bookingId: string) => {
  const db = await getDb();
  return getBookingDetail(db, await actorFor(db, apiKeyId), bookingId);
};
const timelineAs = async (apiKeyId: string, transactionId: string) => {
  const db = await getDb();
  return getTransactionTimeline(db, await actorFor(db, apiKeyId), transactionId);
};
const kinds = (entries: { kind: string }[]) => entries.map((e) => e.kind);

/** A booking with a saved card, a paid link, a refund, a dispute, a session, a credit note and a scheduled payment. */
async function busyBooking() {
  const tenant = await createTenant();
  const { admin, parentId } = tenant;
  const hook = await api.put(
    '/agent/webhooks',
    { organisation: parentId, url: 'https://hooks.example.com/travel', event_types: ['transaction.completed'] },
    { token: admin.token },
  );
  expect(hook.status, hook.text).toBe(200);
  const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
  const link = await createLinkVia(admin.token, parentId, { booking_id: bookingId, amount: 20000 });
  const { transactionId } = (await pay(link)) as { transactionId: string };
  const refund = await api.post(
    `/agent/transactions/${transactionId}/refund`,
    { amount: 1500 },
    { token: admin.token },
  );
  expect(refund.status).toBe(200);
  expect(
    (
      await api.post(
        `/sandbox/transactions/${transactionId}/chargeback`,
        { stage: 'notification' },
        { token: admin.token },
      )
    ).status,
  ).toBe(200);
  const session = await api.put(
    '/agent/ecommerce',
    { organisation: parentId, customer_name: 'Eve', email: 'eve@example.com', amount: 4999, booking_id: bookingId },
    { token: admin.token },
  );
  expect(session.status).toBe(200);
  const note = await api.put('/agent/credit-notes', { booking_id: bookingId, amount: 700 }, { token: admin.token });
  expect(note.status).toBe(200);
  const scheduled = await api.post(
    `/payment/booking/${bookingId}/payment`,
    { token: cardToken, amount: 2500, date: inDays(7) },
    { token: admin.token },
  );
  expect(scheduled.status).toBe(200);
  return {
    tenant,
    bookingId,
    link,
    transactionId,
    refundId: refund.body.data.id as string,
    sessionId: session.body.data.id,
  };
}

describe('the booking detail read model', () => {
  it('shows everything attached to a booking, each as the API shows it (a payment’s timeline on its own read)', async () => {
    const { tenant, bookingId, link, transactionId, refundId, sessionId } = await busyBooking();
    const detail = await detailAs(tenant.admin.apiKeyId, bookingId);
    const api1 = (await api.get(`/agent/bookings/${bookingId}`, { token: tenant.admin.token })).body.data;
    expect(detail.booking).toMatchObject({ id: bookingId, booking_reference: api1.booking_reference });
    expect(detail.booking).not.toHaveProperty('transactions');
    expect(detail.customer).toMatchObject({ email: 'jane@example.com' });
    // Newest first: the paid link's payment, then the one that saved the card.
    expect(detail.transactions.items.map((t) => t.id)[0]).toBe(transactionId);
    expect(detail.transactions.items).toHaveLength(2);
    expect(detail.transactions.more).toBe(false);
    const apiTransaction = (await api.get(`/agent/transactions/${transactionId}`, { token: tenant.admin.token })).body
      .data;
    // Exactly the API's object, the refunded amount included: no timeline (the booking page shows none).
    expect(detail.transactions.items[0]).toEqual(apiTransaction);
    expect(apiTransaction.refunded_amount).toBe(1500);
    const timeline = await timelineAs(tenant.admin.apiKeyId, transactionId);
    expect(timeline.truncated).toBe(false);
    const order = kinds(timeline.entries);
    expect(order[0]).toBe('transaction.created');
    expect(order).toEqual(
      expect.arrayContaining([
        'transaction.completed',
        'refund.requested',
        'transaction:refund',
        'chargeback.notified',
      ]),
    );
    expect(order.indexOf('transaction.completed')).toBeLessThan(order.indexOf('refund.requested'));
    // The processor's word, and what merchants were sent (queued: no runner delivers in this test).
    expect(timeline.entries).toContainEqual(
      expect.objectContaining({
        source: 'processor',
        kind: 'processor.AUTHORISATION',
        detail: expect.objectContaining({ success: true }),
      }),
    );
    expect(timeline.entries).toContainEqual(
      expect.objectContaining({
        kind: 'webhook.transaction.completed',
        detail: { resource_id: transactionId, deliveries: { delivered: 0, failed: 0, queued: 1 } },
      }),
    );
    const at = timeline.entries.map((e) => e.at);
    expect(at).toEqual([...at].sort());

    const apiLink = (await api.get(`/agent/payment-links/${link}`, { token: tenant.admin.token })).body.data;
    expect(detail.payment_links.items).toContainEqual(apiLink);
    expect(detail.ecommerce_sessions.items.map((s) => s.id)).toEqual([sessionId]);
    expect(detail.scheduled_payments.items).toEqual([expect.objectContaining({ amount: 2500, status: 'QUEUED' })]);
    expect(detail.credit_notes.items).toEqual([expect.objectContaining({ amount: 700 })]);
    expect(detail.refunds.items).toEqual([expect.objectContaining({ id: refundId, status: 'PENDING_AUTHORISATION' })]);
    expect(detail.chargebacks?.items).toEqual([
      expect.objectContaining({ status: 'NOTIFIED', transaction_id: transactionId }),
    ]);
    expect(detail.groups).toEqual({ items: [], more: false, total: 0 });
    expect(detail.approvals).toEqual({ items: [], more: false, total: 0 });
    const auditTypes = detail.audit.items.map((a) => a.type);
    expect(auditTypes).toEqual(
      expect.arrayContaining([
        'booking:create',
        'payment-link:create',
        'transaction:refund',
        'ecommerce:create',
        'credit-note:create',
        'scheduled-payment:create',
      ]),
    );
    expect(detail.audit.items.every((a) => a.organisation.id === tenant.parentId)).toBe(true);
  });

  it("answers the API's 404 for another organisation's booking, and the timeline's for its payment", async () => {
    const { bookingId, transactionId } = await busyBooking();
    const other = await createTenant('Other');
    await expect(detailAs(other.admin.apiKeyId, bookingId)).rejects.toMatchObject({
      code: 'resource.not_found',
      status: 404,
    });
    const db = await getDb();
    await expect(
      getTransactionTimeline(db, await actorFor(db, other.admin.apiKeyId), transactionId),
    ).rejects.toMatchObject({ code: 'resource.not_found' });
  });

  it('leaves chargebacks out without chargebacks:view, and shows only their own audit records without organisation:audit', async () => {
    const { tenant, bookingId, transactionId } = await busyBooking();
    const clerk = await tenant.makeCaller({
      roles: allRoles.filter((role) => role !== 'chargebacks:view' && role !== 'organisation:audit'),
      organisationId: tenant.parentId,
    });
    const clerkLink = await createLinkVia(clerk.token, tenant.parentId, { booking_id: bookingId, amount: 300 });
    const detail = await detailAs(clerk.apiKeyId, bookingId);
    expect(detail.chargebacks).toBeNull();
    const timeline = await timelineAs(clerk.apiKeyId, transactionId);
    expect(kinds(timeline.entries).some((kind) => kind.startsWith('chargeback.'))).toBe(false);
    expect(kinds(timeline.entries)).not.toContain('transaction:refund');
    expect(detail.audit.items.map((a) => [a.type, a.entity_id])).toEqual([['payment-link:create', clerkLink]]);
  });

  it("shows a group under groups, not its members' links under payment links", async () => {
    const { admin, parentId } = await createTenant();
    const group = await groupVia(admin.token, parentId);
    const bookingId = (await api.get(`/agent/payment-link-groups/${group.id}`, { token: admin.token })).body.data
      .booking.id;
    const detail = await detailAs(admin.apiKeyId, bookingId);
    expect(detail.groups.items.map((g) => g.id)).toEqual([group.id]);
    expect(detail.groups.items[0]!.members).toHaveLength(2);
    expect(detail.payment_links.items).toEqual([]);
  });
});
