import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query-rows';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const authorisations = async () =>
  (
    await queryRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from sandbox_processor_operations where kind = 'authorise'`,
    )
  )[0]!.n;
const statusOf = async (id: string) =>
  (await (await getDb()).select().from(transactions).where(eq(transactions.id, id)))[0]!;
const move = async (n: number) => {
  await advanceClock(await getDb(), { seconds: n * 60 });
};

afterEach(async () => {
  await resetClock(await getDb());
});

describe('card testing throttle', () => {
  it('after 5 failures on a link, refuses every card for 15 minutes as REJECTED, never sent to the processor', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId, { excluded_card_types: ['AMEX'] });
    // Declines and rejections (an excluded card) both count.
    for (const number of [cards.declined, cards.insufficientFunds, cards.declined, cards.amex]) {
      expect((await pay(id, number)).outcome).toMatch(/declined|rejected/);
    }
    expect((await pay(id, cards.declined)).outcome).toBe('declined');
    const before = await authorisations();
    const refused = await pay(id, cards.visa);
    expect(refused).toMatchObject({ outcome: 'rejected', reason: 'card_testing' });
    expect((refused as { message: string }).message).toMatch(/paused until \d\d:\d\d UTC/);
    expect(await statusOf((refused as { transactionId: string }).transactionId)).toMatchObject({
      status: 'REJECTED',
      failureReason: 'card_testing',
      cardholderName: 'Jane Traveller',
    });
    await move(14);
    expect((await pay(id, cards.visa)).outcome).toBe('rejected');
    expect(await authorisations()).toBe(before);
    // Refusals do not extend the pause: 15 minutes after the 5th failure the link is payable.
    await move(2);
    expect((await pay(id, cards.visa)).outcome).toBe('paid');
    expect(await authorisations()).toBe(before + 1);
  });

  it('counts only failures within 10 minutes of each other', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId);
    for (let i = 0; i < 4; i += 1) await pay(id, cards.declined);
    await move(11);
    expect((await pay(id, cards.declined)).outcome).toBe('declined');
    expect((await pay(id, cards.visa)).outcome).toBe('paid');
  });

  it('after 5 failures from one IP address on different links, refuses that IP only', async () => {
    const { admin, parentId } = await createTenant();
    const ip = '203.0.113.7';
    for (let i = 0; i < 5; i += 1) {
      const link = await createLinkVia(admin.token, parentId);
      expect((await pay(link, cards.declined, { ipAddress: ip })).outcome).toBe('declined');
    }
    const next = await createLinkVia(admin.token, parentId);
    expect(await pay(next, cards.visa, { ipAddress: ip })).toMatchObject({
      outcome: 'rejected',
      reason: 'card_testing',
    });
    expect((await pay(next, cards.visa, { ipAddress: '198.51.100.9' })).outcome).toBe('paid');
  });

  it('lets only one of two concurrent attempts at the limit reach the processor', async () => {
    const { admin, parentId } = await createTenant();
    const ip = '203.0.113.8';
    for (let i = 0; i < 4; i += 1)
      await pay(await createLinkVia(admin.token, parentId), cards.declined, { ipAddress: ip });
    const [a, b] = [await createLinkVia(admin.token, parentId), await createLinkVia(admin.token, parentId)];
    const before = await authorisations();
    const results = await Promise.allSettled([
      pay(a, cards.declined, { ipAddress: ip }),
      pay(b, cards.declined, { ipAddress: ip }),
    ]);
    expect(await authorisations()).toBe(before + 1);
    // The loser is refused: by the pre-check (REJECTED), or, when both passed it together, under the lock.
    const refusals = results.filter((r) =>
      r.status === 'rejected'
        ? (r.reason as { code?: string }).code === 'checkout.card_testing'
        : (r.value as { reason?: string }).reason === 'card_testing',
    );
    expect(refusals).toHaveLength(1);
  });
});
