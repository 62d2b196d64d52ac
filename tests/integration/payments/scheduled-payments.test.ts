import { describe, expect, it } from 'vitest';
import { decideApproval, getApproval } from '@/lib/core/approvals/decide-approval';
import { getDb } from '@/lib/db/client';
import { runUntilIdle } from '@/lib/runner/run-once';
import { listMailbox } from '@/lib/email/list-mailbox';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { bookingWithSavedCard, cards } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('POST /payment/booking/{id}/payment', () => {
  it('charges a saved card now: a COMPLETE transaction on the booking', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    const response = await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 5000 },
      { token: admin.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({});
    const booking = (await api.get(`/agent/bookings/${bookingId}`, { token: admin.token })).body.data;
    expect(booking.transactions.map((t: { amount: number; status: string }) => [t.amount, t.status])).toEqual([
      [10000, 'COMPLETE'],
      [5000, 'COMPLETE'],
    ]);
    // One audit record per payment: the customer's own (no user), then the key's saved-card charge.
    const audit = await api.post(
      '/audit',
      { organisation: parentId, keyword: 'transaction:payment' },
      { token: admin.token },
    );
    expect(audit.body.data.map((r: { user: { id: string } | null }) => r.user?.id ?? null)).toEqual([
      admin.userId,
      null,
    ]);
  });

  it('only authorises with authorisation_only, to capture later', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 700, authorisation_only: true },
      { token: admin.token },
    );
    const held = (await api.get(`/agent/bookings/${bookingId}`, { token: admin.token })).body.data.transactions.find(
      (t: { amount: number }) => t.amount === 700,
    );
    expect(held.status).toBe('PENDING');
    expect((await api.get(`/agent/transactions/${held.id}/complete`, { token: admin.token })).body.data.status).toBe(
      'COMPLETE',
    );
  });

  it('answers 402 for a declined saved card and records the attempt', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId, cards.declinesLater);
    const response = await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 5000 },
      { token: admin.token },
    );
    expect(response.status).toBe(402);
    expect(response.body.errors[0].code).toBe('payment.declined');
    const statuses = (await api.get(`/agent/bookings/${bookingId}`, { token: admin.token })).body.data.transactions.map(
      (t: { status: string }) => t.status,
    );
    expect(statuses).toEqual(['COMPLETE', 'DECLINED']);
  });

  it('charges once for a retried request with the same Idempotency-Key', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    const headers = { 'idempotency-key': 'order-42' };
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await api.post(
            `/payment/booking/${bookingId}/payment`,
            { token: cardToken, amount: 999 },
            { token: admin.token, headers },
          )
        ).status,
      ).toBe(200);
    }
    const txs = (await api.get(`/agent/bookings/${bookingId}`, { token: admin.token })).body.data.transactions.filter(
      (t: { amount: number }) => t.amount === 999,
    );
    expect(txs).toHaveLength(1);
  });

  it("refuses unknown tokens, another booking's card, bad amounts and callers without the role", async () => {
    const tenant = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(tenant.admin.token, tenant.parentId);
    const other = await createBookingVia(tenant.admin.token, tenant.parentId);
    expect(
      (
        await api.post(
          `/payment/booking/${other}/payment`,
          { token: cardToken, amount: 100 },
          { token: tenant.admin.token },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await api.post(
          `/payment/booking/${bookingId}/payment`,
          { token: 'nope', amount: 100 },
          { token: tenant.admin.token },
        )
      ).status,
    ).toBe(404);
    const bad = await api.post(
      `/payment/booking/${bookingId}/payment`,
      { amount: -5, date: 'tomorrow' },
      { token: tenant.admin.token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveLength(3);
    const reader = await tenant.makeCaller({ roles: [], organisationId: tenant.parentId });
    expect(
      (
        await api.post(
          `/payment/booking/${bookingId}/payment`,
          { token: cardToken, amount: 100 },
          { token: reader.token },
        )
      ).status,
    ).toBe(403);
  });
});

describe('scheduled payments', () => {
  it('queues a dated payment, lists it, and the runner charges it when due', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    expect(
      (
        await api.post(
          `/payment/booking/${bookingId}/payment`,
          { token: cardToken, amount: 2500, date: inDays(10) },
          { token: admin.token },
        )
      ).status,
    ).toBe(200);
    const queued = await api.post('/payment/scheduled-payment', { organisation: parentId }, { token: admin.token });
    expect(queued.body.data).toHaveLength(1);
    expect(queued.body.data[0]).toMatchObject({
      amount: 2500,
      currency: 'GBX',
      status: 'QUEUED',
      booking: { id: bookingId },
      transaction: { id: null },
      organisation: { id: parentId },
    });
    await runUntilIdle(db);
    expect(
      (await api.post('/payment/scheduled-payment', { organisation: parentId }, { token: admin.token })).body.data,
    ).toHaveLength(1);
    // The runner reads the sandbox test clock from the database, as a separate worker would.
    try {
      await advanceClock(db, { seconds: 11 * 86_400 });
      await runUntilIdle(db);
    } finally {
      await resetClock(db);
    }
    const completed = await api.post(
      '/payment/scheduled-payment',
      { organisation: parentId, total_filter: 'COMPLETE' },
      { token: admin.token },
    );
    expect(completed.body.data).toHaveLength(1);
    expect(completed.body.data[0].transaction.id).toMatch(/^[0-9a-f-]{36}$/);
    const booking = (await api.get(`/agent/bookings/${bookingId}`, { token: admin.token })).body.data;
    expect(booking.scheduled_transactions[0]).toMatchObject({
      amount: 2500,
      status: { id: 'COMPLETE' },
      transaction: { id: completed.body.data[0].transaction.id, amount: 2500 },
    });
  });

  it('fails a due payment whose card now declines, exactly once', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId, cards.declinesLater);
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 2500, date: inDays(-1) },
      { token: admin.token },
    );
    await runUntilIdle(await getDb());
    const failed = await api.post(
      '/payment/scheduled-payment',
      { organisation: parentId, total_filter: 'FAILED' },
      { token: admin.token },
    );
    expect(failed.body.data).toEqual([
      expect.objectContaining({ status: 'FAILED', failure_reason: 'insufficient_funds' }),
    ]);
  });

  it('sorts and filters the list', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    for (const [amount, days] of [
      [300, 5],
      [100, 9],
      [200, 7],
    ] as const) {
      await api.post(
        `/payment/booking/${bookingId}/payment`,
        { token: cardToken, amount, date: inDays(days) },
        { token: admin.token },
      );
    }
    const byAmount = await api.post(
      '/payment/scheduled-payment',
      { organisation: parentId, sort_by: 'amount', direction: 'asc' },
      { token: admin.token },
    );
    expect(byAmount.body.data.map((p: { amount: number }) => p.amount)).toEqual([100, 200, 300]);
    const byDue = await api.post(
      '/payment/scheduled-payment',
      { organisation: parentId, sort_by: 'execute_after', direction: 'desc' },
      { token: admin.token },
    );
    expect(byDue.body.data.map((p: { amount: number }) => p.amount)).toEqual([100, 200, 300]);
    const ref = (await api.get(`/agent/bookings/${bookingId}`, { token: admin.token })).body.data.booking_reference;
    expect(
      (
        await api.post(
          '/payment/scheduled-payment',
          { organisation: parentId, keyword: ref.slice(2, 8).toLowerCase() },
          { token: admin.token },
        )
      ).body.data,
    ).toHaveLength(3);
    expect(
      (await api.post('/payment/scheduled-payment', { organisation: parentId, keyword: 'zzz' }, { token: admin.token }))
        .body.data,
    ).toHaveLength(0);
    expect(
      (
        await api.post(
          '/payment/scheduled-payment',
          { organisation: parentId, sort_by: 'colour' },
          { token: admin.token },
        )
      ).status,
    ).toBe(422);
  });

  it('cancels QUEUED payments, which then never run; a finished one is not cancellable; unknown is 404', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 111, date: inDays(-1) },
      { token: admin.token },
    );
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 222, date: inDays(3) },
      { token: admin.token },
    );
    await runUntilIdle(db);
    const [done] = (
      await api.post(
        '/payment/scheduled-payment',
        { organisation: parentId, total_filter: 'COMPLETE' },
        { token: admin.token },
      )
    ).body.data;
    const [queued] = (await api.post('/payment/scheduled-payment', { organisation: parentId }, { token: admin.token }))
      .body.data;
    const cancelled = await api.delete(`/payment/scheduled-payment/${queued.id}`, { token: admin.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toEqual({});
    try {
      await advanceClock(db, { seconds: 5 * 86_400 });
      await runUntilIdle(db);
    } finally {
      await resetClock(db);
    }
    expect(
      (
        await api.post(
          '/payment/scheduled-payment',
          { organisation: parentId, total_filter: 'CANCELLED' },
          { token: admin.token },
        )
      ).body.data.map((p: { id: string }) => p.id),
    ).toEqual([queued.id]);
    const refused = await api.delete(`/payment/scheduled-payment/${done.id}`, { token: admin.token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].code).toBe('scheduled_payment.not_cancellable');
    expect(
      (await api.delete('/payment/scheduled-payment/00000000-0000-4000-8000-000000000000', { token: admin.token }))
        .status,
    ).toBe(404);
    expect((await api.delete('/payment/scheduled-payment/not-an-id', { token: admin.token })).status).toBe(404);
  });
});

describe('approval links', () => {
  it('are refused while the organisation does not use them; payments are QUEUED at once', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 100, date: inDays(3) },
      { token: admin.token },
    );
    expect(
      (await api.post('/payment/scheduled-payment', { organisation: parentId }, { token: admin.token })).body.data,
    ).toHaveLength(1);
    const response = await api.post(`/agent/bookings/${bookingId}/approval-link`, {}, { token: admin.token });
    expect(response.status).toBe(409);
    expect(response.body.errors[0].code).toBe('approval.not_enabled');
  });

  it('email the customer a link; approving queues the payments, once', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    await api.post(
      `/agent/organisations/${parentId}/settings`,
      { approval_links_enabled: true },
      { token: admin.token },
    );
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    expect(
      (await api.post(`/agent/bookings/${bookingId}/approval-link`, {}, { token: admin.token })).body.errors[0].code,
    ).toBe('approval.nothing_to_approve');
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 4200, date: inDays(3) },
      { token: admin.token },
    );
    const awaiting = await api.post(
      '/payment/scheduled-payment',
      { organisation: parentId, total_filter: 'AWAITING_APPROVAL' },
      { token: admin.token },
    );
    expect(awaiting.body.data).toHaveLength(1);
    const sent = (await api.post(`/agent/bookings/${bookingId}/approval-link`, {}, { token: admin.token })).body.data;
    expect(sent).toEqual({ url: expect.stringMatching(/\/approvals\/[0-9a-f-]{36}$/) });
    const { emails } = await listMailbox(db, { to: 'jane@example.com', skip: 0, take: 5 });
    const approvalEmail = emails.find((e) => e.kind === 'approval_link')!;
    expect(approvalEmail.text).toContain(sent.url);
    expect(approvalEmail.text).toContain('£42.00');
    const approvalId = /approvals\/([0-9a-f-]{36})/.exec(approvalEmail.text)![1]!;
    const page = await getApproval(db, approvalId);
    expect(page.payments).toEqual([expect.objectContaining({ amount: 4200, cardBrand: 'VISA', cardLastFour: '1111' })]);
    expect(await decideApproval(db, approvalId, 'approve')).toEqual({ changed: 1 });
    await expect(decideApproval(db, approvalId, 'decline')).rejects.toMatchObject({ code: 'approval.already_decided' });
    expect(
      (await api.post('/payment/scheduled-payment', { organisation: parentId }, { token: admin.token })).body.data,
    ).toHaveLength(1);
  });

  it('declining cancels the payments awaiting approval', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    await api.post(
      `/agent/organisations/${parentId}/settings`,
      { approval_links_enabled: true },
      { token: admin.token },
    );
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 100, date: inDays(3) },
      { token: admin.token },
    );
    await api.post(`/agent/bookings/${bookingId}/approval-link`, {}, { token: admin.token });
    const { emails } = await listMailbox(db, { skip: 0, take: 50 });
    const approvalId = /approvals\/([0-9a-f-]{36})/.exec(emails.find((e) => e.kind === 'approval_link')!.text)![1]!;
    expect(await decideApproval(db, approvalId, 'decline')).toEqual({ changed: 1 });
    expect(
      (
        await api.post(
          '/payment/scheduled-payment',
          { organisation: parentId, total_filter: 'CANCELLED' },
          { token: admin.token },
        )
      ).body.data,
    ).toHaveLength(1);
  });
});
