import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadHostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * The checkout reads a link and the attempt it shows in one query (a lateral join,
 * load-hosted-checkout.ts): no attempt is null, the newest attempt otherwise, and a
 * paying (COMPLETE or PENDING) attempt wins over any later one.
 */
describe('the attempt a hosted checkout shows (HostedCheckout.latest)', () => {
  it('is none, then the newest declined attempt, then the payment, which a later attempt does not hide', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId, { description: 'Lisbon' });
    const db = await getDb();
    expect(await loadHostedCheckout(db, id)).toMatchObject({ id, description: 'Lisbon', amount: 10000, latest: null });

    const first = await pay(id, cards.declined);
    const second = await pay(id, cards.declined);
    expect(first.outcome).toBe('declined');
    const afterFailures = await loadHostedCheckout(db, id);
    expect(afterFailures?.latest).toMatchObject({
      id: 'transactionId' in second ? second.transactionId : '',
      status: 'DECLINED',
    });

    const paid = await pay(id, cards.visa);
    expect(paid.outcome).toBe('paid');
    const paidId = 'transactionId' in paid ? paid.transactionId : '';
    expect((await loadHostedCheckout(db, id))?.latest).toMatchObject({
      id: paidId,
      status: 'COMPLETE',
      amount: 10000,
      cardLastFour: '1111',
    });

    // A later declined attempt (none can start on a paid link today; a row written by hand stands in) never hides the payment.
    const [row] = await db.select().from(transactions).where(eq(transactions.id, paidId));
    // The payment's number is the database's own (an identity column): the copy gets the next one.
    const copy = { ...row!, shortNumber: undefined };
    await db.insert(transactions).values({
      ...copy,
      id: randomUUID(),
      status: 'DECLINED',
      idempotencyKey: null,
      providerReference: null,
      createdAt: new Date(row!.createdAt.getTime() + 60_000),
    });
    expect((await loadHostedCheckout(db, id))?.latest).toMatchObject({ id: paidId, status: 'COMPLETE' });
  });

  it('is null for an id of the other kind, a deleted link or a non-uuid, without an error', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId);
    const db = await getDb();
    expect(await loadHostedCheckout(db, id, 'ecommerce')).toBeNull();
    expect(await loadHostedCheckout(db, 'not-a-uuid')).toBeNull();
    expect(await loadHostedCheckout(db, randomUUID())).toBeNull();
  });
});
