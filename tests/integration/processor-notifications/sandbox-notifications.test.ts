import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abandonPayment } from '@/lib/core/payments/finish-payment';
import { startOpenBankingPayment } from '@/lib/core/payments/open-banking';
import { getDb } from '@/lib/db/client';
import { sandboxProcessorOperations, transactions } from '@/lib/db/schema';
import { decideSandboxBankPayment, SandboxProcessor } from '@/lib/payments/processor';
import { applyPendingNotifications } from '@/lib/runner/processor-notifications-step';
import { runUntilIdle } from '@/lib/runner/run-once';
import { countStatements } from '../support/count-statements';
import { createTenant } from '../support/fixtures';
import { adyenBatch, adyenItem, notificationsOf, postNotifications, TEST_HMAC_KEY } from '../support/notifications';
import { cards, createLinkVia, pay } from '../support/payments';
import { auditCount } from '../support/races';
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

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function bankPayment() {
  const { admin, parentId } = await createTenant();
  const link = await createLinkVia(admin.token, parentId, { open_banking_enabled: true });
  const started = await startOpenBankingPayment(await getDb(), { checkoutId: link, returnUrl: 'http://localhost/r' });
  return rowOf(started.transactionId);
}

describe('the sandbox processor notifies through the same path', () => {
  it('a 3-D Secure finished at the processor whose answer was lost is settled by its AUTHORISATION, applied by the runner', async () => {
    const { admin, parentId } = await createTenant();
    const outcome = await pay(await createLinkVia(admin.token, parentId), cards.visa3ds);
    const id = (outcome as { transactionId: string }).transactionId;
    const db = await getDb();
    const result = await new SandboxProcessor(db).finishChallenge({
      providerReference: (await rowOf(id)).providerReference!,
      payload: { password: 'password' },
    });
    expect(result.status).toBe('authorised');
    const [item] = await notificationsOf(result.providerReference);
    expect(item).toMatchObject({
      processor: 'sandbox',
      eventCode: 'AUTHORISATION',
      success: true,
      status: 'received',
      merchantReference: id,
      amount: 10000,
      currency: 'GBP',
    });
    await runUntilIdle(db);
    expect(await rowOf(id)).toMatchObject({ status: 'COMPLETE', stage: null, cardLastFour: '0006' });
    expect((await notificationsOf(result.providerReference))[0]).toMatchObject({
      status: 'applied',
      outcome: 'payment COMPLETE',
    });
    expect(await auditCount(db, 'transaction:payment', id)).toBe(1);
  });

  it('a bank payment approved or declined at the bank is settled though the customer never comes back; a second decision sends nothing', async () => {
    const db = await getDb();
    const approved = await bankPayment();
    await decideSandboxBankPayment(db, approved.providerReference!, 'approve');
    await decideSandboxBankPayment(db, approved.providerReference!, 'decline');
    const declined = await bankPayment();
    await decideSandboxBankPayment(db, declined.providerReference!, 'decline');
    await runUntilIdle(db);
    expect(await rowOf(approved.id)).toMatchObject({ status: 'COMPLETE' });
    expect(await notificationsOf(approved.providerReference!)).toHaveLength(1);
    expect(await rowOf(declined.id)).toMatchObject({ status: 'DECLINED', failureReason: 'declined_by_bank' });
  });

  it('a bank payment the customer abandoned and then approved at the bank is refunded, once', async () => {
    const db = await getDb();
    const row = await bankPayment();
    expect(await abandonPayment(db, row.id)).toBe(true);
    await decideSandboxBankPayment(db, row.providerReference!, 'approve');
    await runUntilIdle(db);
    await runUntilIdle(db);
    expect(await rowOf(row.id)).toMatchObject({ status: 'ABANDONED' });
    const released = await db
      .select()
      .from(sandboxProcessorOperations)
      .where(
        and(
          eq(sandboxProcessorOperations.providerReference, row.providerReference!),
          eq(sandboxProcessorOperations.kind, 'refund'),
        ),
      );
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({ idempotencyKey: `${row.id}:release`, amount: 10000 });
  });

  it('the same Adyen item posted several times at once settles the payment once', async () => {
    const { admin, parentId } = await createTenant();
    const outcome = await pay(await createLinkVia(admin.token, parentId), cards.visa3ds);
    const row = await rowOf((outcome as { transactionId: string }).transactionId);
    const body = adyenBatch(
      adyenItem({ eventCode: 'AUTHORISATION', pspReference: row.providerReference!, merchantReference: row.id }),
    );
    const answers = await Promise.all(Array.from({ length: 4 }, () => postNotifications(body)));
    expect(answers.map((a) => a.text)).toEqual(Array(4).fill('[accepted]'));
    await runUntilIdle(await getDb());
    expect(await rowOf(row.id)).toMatchObject({ status: 'COMPLETE' });
    expect(await auditCount(await getDb(), 'transaction:payment', row.id)).toBe(1);
    const stored = (await notificationsOf(row.providerReference!)).filter((n) => n.processor === 'adyen');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'applied', attempts: 1 });
  });

  it("a pass records its payments' own confirmations in one statement, as applying each would, and applies the others one by one", async () => {
    const db = await getDb();
    await runUntilIdle(db);
    const { admin, parentId } = await createTenant();
    const paid = [];
    for (let i = 0; i < 6; i += 1)
      paid.push(
        await rowOf(
          ((await pay(await createLinkVia(admin.token, parentId))) as { transactionId: string }).transactionId,
        ),
      );
    // A 3-D Secure payment finished at the processor whose answer was lost: still waiting, its item settles it.
    const waiting = await rowOf(
      ((await pay(await createLinkVia(admin.token, parentId), cards.visa3ds)) as { transactionId: string })
        .transactionId,
    );
    await new SandboxProcessor(db).finishChallenge({
      providerReference: waiting.providerReference!,
      payload: { password: 'password' },
    });

    // Claim, read, one statement for the six confirmations; the waiting payment's item goes the long way.
    const statements = await countStatements(db, async () => expect(await applyPendingNotifications(db)).toBe(7));
    for (const row of paid) {
      expect(await notificationsOf(row.providerReference!)).toMatchObject([
        { eventCode: 'AUTHORISATION', status: 'ignored', outcome: 'payment already COMPLETE', attempts: 1 },
      ]);
    }
    expect((await notificationsOf(waiting.providerReference!))[0]).toMatchObject({
      status: 'applied',
      outcome: 'payment COMPLETE',
    });
    expect(await rowOf(waiting.id)).toMatchObject({ status: 'COMPLETE' });

    // Six confirmations alone: the same three statements (two each, one by one).
    for (let i = 0; i < 6; i += 1) await pay(await createLinkVia(admin.token, parentId));
    expect(await countStatements(db, async () => expect(await applyPendingNotifications(db)).toBe(6))).toBe(3);
    expect(statements).toBeGreaterThan(3);
  });
});
