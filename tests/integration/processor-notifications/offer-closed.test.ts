import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostedAbandon, hostedCheckoutState } from '@/lib/core/hosted-checkout/hosted-payments';
import { startOpenBankingPayment } from '@/lib/core/payments/open-banking';
import { getDb } from '@/lib/db/client';
import { sandboxProcessorOperations, transactions } from '@/lib/db/schema';
import { decideSandboxBankPayment, ProcessorOutcomeUnknown, SandboxProcessor } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { createTenant } from '../support/fixtures';
import { adyenBatch, adyenItem, notificationsOf, postNotifications, TEST_HMAC_KEY } from '../support/notifications';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();
const savedKey = process.env.ADYEN_HMAC_KEY;
beforeAll(() => {
  process.env.ADYEN_HMAC_KEY = TEST_HMAC_KEY;
});
afterAll(() => (savedKey === undefined ? delete process.env.ADYEN_HMAC_KEY : (process.env.ADYEN_HMAC_KEY = savedKey)));
afterEach(() => vi.restoreAllMocks());

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function bankPayment() {
  const { admin, parentId } = await createTenant();
  const link = await createLinkVia(admin.token, parentId, { open_banking_enabled: true });
  const started = await startOpenBankingPayment(await getDb(), { checkoutId: link, returnUrl: 'http://localhost/r' });
  return { link, row: await rowOf(started.transactionId) };
}

/** Adyen's OFFER_CLOSED for a payment: its PSP reference, our reference (the transaction id). */
const offerClosed = (row: { id: string; providerReference: string | null }, success = true) =>
  adyenBatch(
    adyenItem({ eventCode: 'OFFER_CLOSED', pspReference: row.providerReference!, merchantReference: row.id, success }),
  );

describe('OFFER_CLOSED', () => {
  it('abandons a Pay by Bank payment waiting at the bank and frees its link, once; a repeat changes nothing', async () => {
    const { link, row } = await bankPayment();
    expect(row).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'bank' });
    expect((await postNotifications(offerClosed(row))).text).toBe('[accepted]');
    expect(await rowOf(row.id)).toMatchObject({ status: 'ABANDONED', stage: null, failureReason: 'offer_closed' });
    expect(await notificationsOf(row.providerReference!)).toMatchObject([
      { eventCode: 'OFFER_CLOSED', status: 'applied', outcome: 'payment ABANDONED: offer closed' },
    ]);

    // The link is free: a new payment is taken; the same item again moves nothing (stored once, the new payment untouched).
    const next = (await pay(link)) as { outcome: string; transactionId: string };
    expect(next.outcome).toBe('paid');
    expect((await postNotifications(offerClosed(row))).text).toBe('[accepted]');
    expect(await notificationsOf(row.providerReference!)).toHaveLength(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'ABANDONED', failureReason: 'offer_closed' });
    expect(await rowOf(next.transactionId)).toMatchObject({ status: 'COMPLETE' });
  });

  it('ends a bank payment the runner left unsettled, which the customer could not cancel (Adyen might still take it)', async () => {
    const { link, row } = await bankPayment();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Adyen has no status query: asked after 30 minutes, it cannot tell.
    vi.spyOn(SandboxProcessor.prototype, 'findPayment').mockRejectedValue(
      new ProcessorOutcomeUnknown('no status query'),
    );
    const db = await getDb();
    try {
      await advanceClock(db, { seconds: 31 * 60 });
      await runUntilIdle(db);
      expect(await rowOf(row.id)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });
      // The page says "being confirmed"; a cancel there does not free the link.
      expect((await hostedCheckoutState(link)).state).toBe('confirming');
      await hostedAbandon(link);
      expect(await rowOf(row.id)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });
      await expect(pay(link)).rejects.toMatchObject({ code: 'checkout.payment_in_progress' });
    } finally {
      await resetClock(db);
    }
    await postNotifications(offerClosed(row));
    expect(await rowOf(row.id)).toMatchObject({ status: 'ABANDONED', failureReason: 'offer_closed' });
    expect((await hostedCheckoutState(link)).state).toBe('active');
  });

  it('a card payment left at 3-D Secure is abandoned; an AUTHORISATION that still comes for it gives the money back', async () => {
    const { admin, parentId } = await createTenant();
    const { transactionId } = (await pay(await createLinkVia(admin.token, parentId), cards.visa3ds)) as {
      transactionId: string;
    };
    const row = await rowOf(transactionId);
    expect(row.stage).toBe('challenge');
    await postNotifications(offerClosed(row));
    expect(await rowOf(row.id)).toMatchObject({ status: 'ABANDONED', failureReason: 'offer_closed' });

    const db = await getDb();
    vi.spyOn(SandboxProcessor.prototype, 'notify').mockResolvedValue(undefined);
    await new SandboxProcessor(db).finishChallenge({
      providerReference: row.providerReference!,
      payload: { password: 'password' },
    });
    await postNotifications(
      adyenBatch(
        adyenItem({ eventCode: 'AUTHORISATION', pspReference: row.providerReference!, merchantReference: row.id }),
      ),
    );
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
    expect(released).toMatchObject([{ idempotencyKey: `${row.id}:release`, amount: 10000 }]);
  });

  it('changes nothing for a payment already settled, and nothing when success is false', async () => {
    const { row } = await bankPayment();
    await postNotifications(offerClosed(row, false));
    expect(await rowOf(row.id)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'bank' });
    expect((await notificationsOf(row.providerReference!))[0]).toMatchObject({ status: 'ignored' });

    const db = await getDb();
    await decideSandboxBankPayment(db, row.providerReference!, 'approve');
    await runUntilIdle(db);
    expect(await rowOf(row.id)).toMatchObject({ status: 'COMPLETE' });
    await postNotifications(offerClosed(row));
    expect(await rowOf(row.id)).toMatchObject({ status: 'COMPLETE', failureReason: null });
    expect(
      (await notificationsOf(row.providerReference!)).find((n) => n.eventCode === 'OFFER_CLOSED' && n.success),
    ).toMatchObject({ status: 'ignored' });
  });
});
