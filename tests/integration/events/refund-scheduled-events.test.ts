import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadApprovalResource } from '@/lib/core/approvals/approval-resource';
import { decideApproval } from '@/lib/core/approvals/decide-approval';
import { getDb } from '@/lib/db/client';
import { ProcessorError, SandboxProcessor } from '@/lib/payments/processor';
import { retryAuthorisedRefunds } from '@/lib/runner/refunds-step';
import { runDueScheduledPayments } from '@/lib/runner/scheduled-payments-step';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createBookingVia, createTenant, tokenFor, type Tenant } from '../support/fixtures';
import { bookingWithSavedCard, cards, createLinkVia } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { attempt, eventsOf, eventsOfOrganisation, expectOneEvent, subscribe } from './event-support';

/*
 * Refund, scheduled payment and approval events: each in the transaction that
 * settles the record, data = the record as the API answers it then.
 */
withTestDatabase();
afterEach(async () => {
  vi.restoreAllMocks();
  await resetClock(await getDb());
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const freshToken = (tenant: Tenant) => tokenFor(tenant.admin.publicKey, tenant.admin.privateKey);
const listedRefund = async (token: string, organisation: string, id: string) =>
  (await api.post('/agent/refunds', { organisation }, { token })).body.data.find((r: { id: string }) => r.id === id);
const listedScheduled = async (token: string, organisation: string, status: string, id: string) =>
  (await api.post('/payment/scheduled-payment', { organisation, total_filter: status }, { token })).body.data.find(
    (p: { id: string }) => p.id === id,
  );

async function requestedRefund(tenant: Tenant, amount = 4000) {
  const bookingId = await createBookingVia(tenant.admin.token, tenant.parentId);
  const { transactionId } = await attempt(
    await createLinkVia(tenant.admin.token, tenant.parentId, { booking_id: bookingId }),
  );
  const refund = (
    await api.post(`/agent/transactions/${transactionId}/refund`, { amount }, { token: tenant.admin.token })
  ).body.data;
  return { transactionId, refundId: refund.id as string, code: refund.authorization_code as string };
}

describe('refund.completed and refund.declined', () => {
  it('an authorised refund paid out is completed, once; a second authorise emits nothing', async () => {
    const tenant = await createTenant('Refund');
    const endpoint = await subscribe(tenant.parentId, { eventTypes: ['refund.completed', 'refund.declined'] });
    const { refundId, code } = await requestedRefund(tenant);
    expect(await eventsOf(refundId)).toEqual([]);
    expect((await api.get(`/agent/refunds/${code}/authorise`, { token: tenant.admin.token })).body.data.status).toBe(
      'COMPLETE',
    );
    const event = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'refund.completed',
      resourceId: refundId,
      expected: await listedRefund(tenant.admin.token, tenant.parentId, refundId),
      endpointIds: [endpoint],
    });
    expect(event.data).toMatchObject({ status: 'COMPLETE', amount: 4000 });
    expect((await api.get(`/agent/refunds/${code}/authorise`, { token: tenant.admin.token })).status).toBe(409);
    expect(await eventsOf(refundId)).toHaveLength(1);
  });

  it('a declined refund is declined', async () => {
    const tenant = await createTenant('Decline');
    const endpoint = await subscribe(tenant.parentId);
    const { refundId, code } = await requestedRefund(tenant);
    expect((await api.get(`/agent/refunds/${code}/decline`, { token: tenant.admin.token })).body.data.status).toBe(
      'DECLINED',
    );
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'refund.declined',
      resourceId: refundId,
      expected: await listedRefund(tenant.admin.token, tenant.parentId, refundId),
      endpointIds: [endpoint],
    });
  });

  it('a refund the processor refuses for good is declined (FAILED); one it refuses for now waits, then the runner completes it', async () => {
    const tenant = await createTenant('Refused');
    const endpoint = await subscribe(tenant.parentId);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = await requestedRefund(tenant, 1000);
    const busy = await requestedRefund(tenant, 2000);
    const send = vi
      .spyOn(SandboxProcessor.prototype, 'refund')
      .mockRejectedValueOnce(new ProcessorError('unknown payment reference'));
    expect(
      (await api.get(`/agent/refunds/${refused.code}/authorise`, { token: tenant.admin.token })).body.data.status,
    ).toBe('FAILED');
    const failed = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'refund.declined',
      resourceId: refused.refundId,
      expected: await listedRefund(tenant.admin.token, tenant.parentId, refused.refundId),
      endpointIds: [endpoint],
    });
    expect(failed.data).toMatchObject({ status: 'FAILED' });
    send.mockRejectedValueOnce(new ProcessorError('processor busy', true));
    expect(
      (await api.get(`/agent/refunds/${busy.code}/authorise`, { token: tenant.admin.token })).body.data.status,
    ).toBe('AUTHORISED');
    expect(await eventsOf(busy.refundId)).toEqual([]);
    await advanceClock(await getDb(), { seconds: 120 });
    await retryAuthorisedRefunds(await getDb());
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'refund.completed',
      resourceId: busy.refundId,
      expected: await listedRefund(await freshToken(tenant), tenant.parentId, busy.refundId),
      endpointIds: [endpoint],
    });
  });
});

describe('scheduled_payment.completed and .failed', () => {
  it('a due payment charged by the runner: completed, with its transaction completed', async () => {
    const tenant = await createTenant('Scheduled');
    const { bookingId, cardToken } = await bookingWithSavedCard(tenant.admin.token, tenant.parentId);
    const endpoint = await subscribe(tenant.parentId);
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 2500, date: inDays(10) },
      { token: tenant.admin.token },
    );
    const [queued] = (
      await api.post('/payment/scheduled-payment', { organisation: tenant.parentId }, { token: tenant.admin.token })
    ).body.data;
    await advanceClock(await getDb(), { seconds: 11 * 86_400 });
    await runDueScheduledPayments(await getDb());
    const token = await freshToken(tenant);
    const listed = await listedScheduled(token, tenant.parentId, 'COMPLETE', queued.id);
    const event = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'scheduled_payment.completed',
      resourceId: queued.id,
      expected: listed,
      endpointIds: [endpoint],
    });
    expect(event.data).toMatchObject({ status: 'COMPLETE', transaction: { id: expect.any(String) } });
    const transaction = (await api.get(`/agent/transactions/${listed.transaction.id}`, { token })).body.data;
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'transaction.completed',
      resourceId: listed.transaction.id,
      expected: transaction,
      endpointIds: [endpoint],
    });
  });

  it('a declined charge fails for good: failed, once; a transient failure before it emits nothing', async () => {
    const tenant = await createTenant('Fails');
    const { bookingId, cardToken } = await bookingWithSavedCard(
      tenant.admin.token,
      tenant.parentId,
      cards.declinesLater,
    );
    const endpoint = await subscribe(tenant.parentId, {
      eventTypes: ['scheduled_payment.failed', 'scheduled_payment.completed'],
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 2500, date: inDays(-1) },
      { token: tenant.admin.token },
    );
    const [queued] = (
      await api.post('/payment/scheduled-payment', { organisation: tenant.parentId }, { token: tenant.admin.token })
    ).body.data;
    vi.spyOn(SandboxProcessor.prototype, 'chargeStoredCard').mockRejectedValueOnce(
      new ProcessorError('processor unreachable', true),
    );
    await runDueScheduledPayments(await getDb());
    expect(await listedScheduled(tenant.admin.token, tenant.parentId, 'QUEUED', queued.id)).toMatchObject({
      status: 'QUEUED',
    });
    expect(await eventsOf(queued.id)).toEqual([]);
    await advanceClock(await getDb(), { seconds: 3600 });
    await runDueScheduledPayments(await getDb());
    const listed = await listedScheduled(await freshToken(tenant), tenant.parentId, 'FAILED', queued.id);
    const event = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'scheduled_payment.failed',
      resourceId: queued.id,
      expected: listed,
      endpointIds: [endpoint],
    });
    expect(event.data).toMatchObject({ status: 'FAILED', failure_reason: 'insufficient_funds' });
    expect((await eventsOfOrganisation(tenant.parentId)).map((e) => e.type)).toEqual(['scheduled_payment.failed']);
  });
});

describe('approval.decided', () => {
  it("the customer's decision, once, with the payments it moved", async () => {
    const tenant = await createTenant('Approve');
    await api.post(
      `/agent/organisations/${tenant.parentId}/settings`,
      { approval_links_enabled: true },
      { token: tenant.admin.token },
    );
    const { bookingId, cardToken } = await bookingWithSavedCard(tenant.admin.token, tenant.parentId);
    const endpoint = await subscribe(tenant.parentId, { eventTypes: ['approval.decided'] });
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 2500, date: inDays(10) },
      { token: tenant.admin.token },
    );
    const sent = (await api.post(`/agent/bookings/${bookingId}/approval-link`, {}, { token: tenant.admin.token })).body
      .data;
    const id = /approvals\/([0-9a-f-]{36})$/.exec(sent.url)![1]!;
    const [payment] = (
      await api.post(
        '/payment/scheduled-payment',
        { organisation: tenant.parentId, total_filter: 'AWAITING_APPROVAL' },
        { token: tenant.admin.token },
      )
    ).body.data;
    expect(await decideApproval(await getDb(), id, 'approve')).toEqual({ changed: 1 });
    await expect(decideApproval(await getDb(), id, 'decline')).rejects.toMatchObject({
      code: 'approval.already_decided',
    });
    // The interface has no GET of an approval: data is the approval resource as it stands after the decision.
    const event = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'approval.decided',
      resourceId: id,
      expected: await loadApprovalResource(await getDb(), id),
      endpointIds: [endpoint],
    });
    expect(event.data).toMatchObject({
      id,
      organisation: tenant.parentId,
      booking: { id: bookingId },
      decision: 'approve',
      decided_at: expect.any(String),
      payments: [expect.objectContaining({ id: payment.id, amount: 2500 })],
    });
  });
});
