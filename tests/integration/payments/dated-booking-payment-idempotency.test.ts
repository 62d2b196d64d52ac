import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { scheduledPayments } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { bookingWithSavedCard } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const scheduledOf = async (bookingId: string) =>
  (await getDb()).select().from(scheduledPayments).where(eq(scheduledPayments.bookingId, bookingId));

describe('a dated POST /payment/booking/{id}/payment honours Idempotency-Key', () => {
  it('schedules once for a retried request with the same key, and once more for a new key', async () => {
    const tenant = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(tenant.admin.token, tenant.parentId);
    const send = (key: string, amount = 2500) =>
      api.post(
        `/payment/booking/${bookingId}/payment`,
        { token: cardToken, amount, date: inDays(10) },
        { token: tenant.admin.token, headers: { 'idempotency-key': key } },
      );
    const first = await send('deposit-1');
    expect(first.status).toBe(200);
    // A retry (even with a changed body) answers as the first did and schedules nothing new.
    for (const retry of [await send('deposit-1'), await send('deposit-1', 9999)]) {
      expect(retry.status).toBe(200);
      expect(retry.body.data).toEqual(first.body.data);
    }
    expect((await scheduledOf(bookingId)).map((p) => p.amount)).toEqual([2500]);
    expect((await send('deposit-2')).status).toBe(200);
    expect(await scheduledOf(bookingId)).toHaveLength(2);
    // One audit record per scheduled payment, none for the retries.
    const audit = await api.post(
      '/audit',
      { organisation: tenant.parentId, keyword: 'scheduled-payment:create' },
      { token: tenant.admin.token },
    );
    expect(audit.body.data).toHaveLength(2);
  });

  it('schedules once when two requests with one key race', async () => {
    const tenant = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(tenant.admin.token, tenant.parentId);
    const headers = { 'idempotency-key': 'racing' };
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        api.post(
          `/payment/booking/${bookingId}/payment`,
          { token: cardToken, amount: 1200, date: inDays(5) },
          { token: tenant.admin.token, headers },
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await scheduledOf(bookingId)).toHaveLength(1);
  });

  it('scopes the key to the API key, and schedules every request sent without one', async () => {
    const tenant = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(tenant.admin.token, tenant.parentId);
    const other = await tenant.makeCaller({
      roles: ['booking-and-payment:create:payment'],
      organisationId: tenant.parentId,
    });
    const body = { token: cardToken, amount: 700, date: inDays(3) };
    const headers = { 'idempotency-key': 'same-words' };
    expect(
      (await api.post(`/payment/booking/${bookingId}/payment`, body, { token: tenant.admin.token, headers })).status,
    ).toBe(200);
    expect(
      (await api.post(`/payment/booking/${bookingId}/payment`, body, { token: other.token, headers })).status,
    ).toBe(200);
    expect((await api.post(`/payment/booking/${bookingId}/payment`, body, { token: tenant.admin.token })).status).toBe(
      200,
    );
    expect((await api.post(`/payment/booking/${bookingId}/payment`, body, { token: tenant.admin.token })).status).toBe(
      200,
    );
    expect(await scheduledOf(bookingId)).toHaveLength(4);
  });
});
