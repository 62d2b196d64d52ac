import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { createTenant } from '../support/fixtures';
import { bookingWithSavedCard, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { sdk } from './felloh-sdk';

withTestDatabase();

type AuditEvent = {
  id: string;
  type: string;
  entity_id: string;
  created_at: string;
  user: { id: string | null; email: string | null; name: string | null; kind: string };
  organisation: { id: string; name: string };
};

describe('Felloh SDK: audit', () => {
  it("every record carries a user object: the key's user, the paying customer, or the service", async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    // A customer pays a link (its email names them); a key charges a saved card; the runner reverses a stale hold.
    const link = await createLinkVia(admin.token, parentId, { email: 'payer@example.com' });
    const paid = (await pay(link)) as { transactionId: string };
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    await client.scheduledPayments.createPayment(bookingId, { token: cardToken, amount: 1500 });
    await client.scheduledPayments.createPayment(bookingId, {
      token: cardToken,
      amount: 700,
      date: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const held = (await pay(await createLinkVia(admin.token, parentId, { authorisation_only: true }))) as {
      transactionId: string;
    };
    const db = await getDb();
    try {
      await advanceClock(db, { seconds: 8 * 86_400 });
      await runUntilIdle(db);
    } finally {
      await resetClock(db);
    }

    const events = (await client.audit.listAll({ organisation: parentId })) as AuditEvent[];
    expect(events.length).toBeGreaterThan(5);
    for (const event of events) {
      expect(event).toMatchObject({
        id: expect.any(String),
        type: expect.stringMatching(/^[a-z-]+:[a-z-]+$/),
        entity_id: expect.any(String),
        created_at: expect.any(String),
        organisation: { id: parentId, name: expect.any(String) },
      });
      expect(event.user).toEqual(expect.objectContaining({ kind: expect.stringMatching(/^(user|customer|service)$/) }));
    }
    const find = (type: string, entity: string) => events.find((e) => e.type === type && e.entity_id === entity)!;
    expect(find('transaction:payment', paid.transactionId).user).toEqual({
      id: null,
      email: 'payer@example.com',
      name: null,
      kind: 'customer',
    });
    expect(find('transaction:reverse', held.transactionId).user).toEqual({
      id: null,
      email: null,
      name: 'travel-pay service',
      kind: 'service',
    });
    const byKey = events.filter((e) => e.type === 'transaction:payment' && e.user.kind === 'user');
    expect(byKey).toHaveLength(1);
    expect(byKey[0]!.user).toEqual({
      id: admin.userId,
      email: expect.stringContaining('@'),
      name: 'Test user',
      kind: 'user',
    });
    // The runner charged the scheduled payment: the service acted.
    expect(events.filter((e) => e.type === 'transaction:payment' && e.user.kind === 'service')).toHaveLength(1);
    expect(find('booking:create', bookingId).user).toMatchObject({ id: admin.userId, kind: 'user' });
  });

  it('list counts every record it would page through (take up to 200)', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    for (let i = 0; i < 3; i++)
      await client.bookings.create({
        organisation: parentId,
        booking_reference: `A-${i}`,
        customer_name: 'A',
        email: 'a@example.com',
      });
    const page = await client.audit.list({ organisation: parentId, take: 2 });
    expect(page.data).toHaveLength(2);
    // Three bookings, and the customer created with the first.
    expect(page.meta).toMatchObject({ count: 4, has_more: true });
    expect((await client.audit.list({ organisation: parentId, keyword: 'booking:', take: 1 })).meta.count).toBe(3);
  });
});

describe('Felloh SDK: enums and organisations', () => {
  it("enums keys each currency by its code and keeps the interface's groups", async () => {
    const { admin } = await createTenant();
    const { data } = await sdk(admin.token).enums.list();
    expect(data.currency.GBX).toMatchObject({ division_factor: 100, major_unit: 'GBP', minor_unit: 'GBX' });
    expect(data.currency.USX).toMatchObject({ division_factor: 100, major_unit: 'USD' });
    expect(data.currency.EUX).toMatchObject({ division_factor: 100, major_unit: 'EUR' });
    for (const group of ['method', 'status', 'type'] as const)
      expect(Array.isArray(data.transaction[group])).toBe(true);
    expect(data.organisation.feature).toContain('booking-and-payment');
    expect(data.user.role).toContain('developers:manage:keys');
    // The other groups its EnumsResponse type reads.
    expect(data.transaction.brand).toEqual(['VISA', 'MASTER', 'AMEX']);
    expect(data.refund.status).toEqual(
      expect.arrayContaining(['PENDING_AUTHORISATION', 'AUTHORISED', 'DECLINED', 'COMPLETE']),
    );
    expect(data.booking_Package_type).toContain('PACKAGE');
  });

  it('organisations.list answers the reachable organisations', async () => {
    const { admin, parentId, childId } = await createTenant();
    const { data } = await sdk(admin.token).organisations.list();
    expect(data.map((o: { id: string }) => o.id).sort()).toEqual([parentId, childId].sort());
    expect(data[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });
});
