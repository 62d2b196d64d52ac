import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

async function statusOf(id: string) {
  const [row] = await (
    await getDb()
  )
    .select({ status: transactions.status, reason: transactions.failureReason })
    .from(transactions)
    .where(eq(transactions.id, id));
  return row!;
}

/** Moves the shared test clock, runs the runner until idle, and puts the clock back. */
async function runAfter(seconds: number) {
  const db = await getDb();
  try {
    await advanceClock(db, { seconds });
    await runUntilIdle(db);
  } finally {
    await resetClock(db);
  }
}

describe('the runner', () => {
  it('reverses an authorisation left uncaptured for 7 days, and only then', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { authorisation_only: true });
    const { transactionId } = (await pay(link)) as { transactionId: string };
    await runAfter(6 * 86_400);
    expect((await statusOf(transactionId)).status).toBe('PENDING');
    await runAfter(7 * 86_400 + 60);
    expect(await statusOf(transactionId)).toEqual({ status: 'REVERSED', reason: 'authorisation_expired' });
    expect((await api.get(`/agent/payment-links/${link}`, { token: admin.token })).body.data.status).toBe('active');
  });

  it('abandons a payment left at 3-D Secure for 30 minutes, freeing the link', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    const { transactionId } = (await pay(link, cards.visa3ds)) as { transactionId: string };
    await runAfter(29 * 60);
    expect((await statusOf(transactionId)).status).toBe('PAYMENTINPROGRESS');
    await runAfter(31 * 60);
    expect((await statusOf(transactionId)).status).toBe('ABANDONED');
    expect((await pay(link)).outcome).toBe('paid');
  });

  it('leaves captured payments and finished attempts alone', async () => {
    const { admin, parentId } = await createTenant();
    const { transactionId } = (await pay(await createLinkVia(admin.token, parentId))) as { transactionId: string };
    await runAfter(30 * 86_400);
    expect((await statusOf(transactionId)).status).toBe('COMPLETE');
  });
});
