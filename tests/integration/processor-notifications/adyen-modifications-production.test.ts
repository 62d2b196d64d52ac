import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { emailOutbox, refunds, transactions } from '@/lib/db/schema';
import type { AdyenSimulator } from '../../support/adyen-simulator';
import { withAdyenSimulator } from '../support/adyen-production';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { postNotifications } from '../support/notifications';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { eventsOf, subscribe } from '../events/event-support';

/*
 * The production path (MODE=production, the Adyen adapter) against the Adyen
 * simulator: captures, reversals and refunds are answered `received`, and only
 * the notifications the simulator queues (posted here to the notifications
 * endpoint, as Adyen would) settle them.
 */
withTestDatabase();
const simulator = withAdyenSimulator();
let sim: AdyenSimulator;
beforeAll(() => {
  sim = simulator();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const number = '4111111111111111';
const encrypted = {
  kind: 'adyen_encrypted' as const,
  holderName: 'Ada Lovelace',
  fields: {
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
    bin: number.slice(0, 8),
    lastFour: number.slice(-4),
  },
};

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function held(linkOverrides: Record<string, unknown> = { authorisation_only: true }) {
  const { admin, parentId } = await createTenant();
  await subscribe(parentId);
  const outcome = await pay(await createLinkVia(admin.token, parentId, linkOverrides), undefined, {
    method: encrypted,
  });
  expect(outcome).toMatchObject({ transactionId: expect.any(String) });
  const row = await rowOf((outcome as { transactionId: string }).transactionId);
  expect(row.status).toBe(linkOverrides.authorisation_only ? 'PENDING' : 'COMPLETE');
  return { admin, row };
}

/** Posts what the simulator queued for this payment with this event code, as Adyen delivers it. */
async function deliver(psp: string, eventCode: string) {
  const items = sim.queuedNotifications().filter((i) => i.eventCode === eventCode && i.originalReference === psp);
  expect(items.length).toBeGreaterThan(0);
  const answer = await postNotifications({
    live: 'false',
    notificationItems: items.map((NotificationRequestItem) => ({ NotificationRequestItem })),
  });
  expect(answer.status).toBe(200);
  return items;
}

describe('Adyen modifications settle on their notifications (MODE=production)', () => {
  it('a capture stays PENDING until CAPTURE; a refund stays AUTHORISED until REFUND, then refund.completed once', async () => {
    const { admin, row } = await held();
    const captured = await api.get(`/agent/transactions/${row.id}/complete`, { token: admin.token });
    expect(captured.status).toBe(200);
    expect(captured.body.data.status).toBe('PENDING');
    await deliver(row.providerReference!, 'CAPTURE');
    expect(await rowOf(row.id)).toMatchObject({ status: 'COMPLETE', stage: null });
    expect(await eventsOf(row.id, 'transaction.completed')).toHaveLength(1);

    const requested = await api.post(`/agent/transactions/${row.id}/refund`, { amount: 2345 }, { token: admin.token });
    const authorised = await api.get(`/agent/refunds/${requested.body.data.authorization_code}/authorise`, {
      token: admin.token,
    });
    expect(authorised.body.data).toMatchObject({
      status: 'AUTHORISED',
      provider_reference: expect.stringMatching(/^[A-Z0-9]{16}$/),
    });
    expect(await eventsOf(authorised.body.data.id, 'refund.completed')).toEqual([]);
    await deliver(row.providerReference!, 'REFUND');
    const [refund] = await (await getDb()).select().from(refunds).where(eq(refunds.id, authorised.body.data.id));
    expect(refund).toMatchObject({ status: 'COMPLETE' });
    expect(await eventsOf(refund!.id, 'refund.completed')).toHaveLength(1);
  });

  it('a failed CANCEL_OR_REFUND leaves the money held (PENDING, alerted); reversed again under a new key, it is REVERSED', async () => {
    const { admin, row } = await held();
    sim.failModification(row.providerReference!, 'CANCEL_OR_REFUND', 'Transaction not found');
    expect((await api.get(`/agent/transactions/${row.id}/reverse`, { token: admin.token })).body.data.status).toBe(
      'PENDING',
    );
    await deliver(row.providerReference!, 'CANCEL_OR_REFUND');
    expect(await rowOf(row.id)).toMatchObject({ status: 'PENDING', stage: null, failureReason: 'reverse_failed' });
    const alerts = await (
      await getDb()
    )
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.organisationId, row.organisationId), eq(emailOutbox.kind, 'alert:reverse_failed')));
    expect(alerts).toHaveLength(1);

    expect((await api.get(`/agent/transactions/${row.id}/reverse`, { token: admin.token })).status).toBe(200);
    await deliver(row.providerReference!, 'CANCEL_OR_REFUND');
    expect(await rowOf(row.id)).toMatchObject({ status: 'REVERSED', stage: null });
    expect(await eventsOf(row.id, 'transaction.reversed')).toHaveLength(1);
    const reversals = sim.requests.filter((r) => r.path.endsWith(`/payments/${row.providerReference}/reversals`));
    expect(reversals.map((r) => r.headers['idempotency-key'])).toEqual([`${row.id}:reverse`, `${row.id}:reverse:2`]);
  });

  it('REFUND_FAILED (refundFalse) fails a refund Adyen received: FAILED, refund.declined, never completed', async () => {
    const { admin, row } = await held({});
    sim.failModification(row.providerReference!, 'REFUND', 'Insufficient balance on payment');
    const requested = await api.post(`/agent/transactions/${row.id}/refund`, { amount: 1000 }, { token: admin.token });
    const authorised = await api.get(`/agent/refunds/${requested.body.data.authorization_code}/authorise`, {
      token: admin.token,
    });
    expect(authorised.body.data.status).toBe('AUTHORISED');
    await deliver(row.providerReference!, 'REFUND');
    const [refund] = await (await getDb()).select().from(refunds).where(eq(refunds.id, authorised.body.data.id));
    expect(refund).toMatchObject({ status: 'FAILED', failureReason: 'refund_failed: Insufficient balance on payment' });
    expect(await eventsOf(refund!.id, 'refund.completed')).toEqual([]);
    expect(await eventsOf(refund!.id, 'refund.declined')).toHaveLength(1);
  });
});
