import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { groupMembers, paymentLinks, processorNotifications, savedCards, transactions } from '@/lib/db/schema';
import { SandboxProcessor } from '@/lib/payments/processor';
import { runOnce, runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { createBookingVia, createTenant } from '../support/fixtures';
import { createGroupFixture } from '../support/groups';
import { adyenBatch, adyenItem, notificationsOf, postNotifications, TEST_HMAC_KEY } from '../support/notifications';
import { cards, createLinkVia, pay } from '../support/payments';
import { auditCount } from '../support/races';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();
const saved = {
  key: process.env.ADYEN_HMAC_KEY,
  user: process.env.ADYEN_NOTIFICATION_USERNAME,
  password: process.env.ADYEN_NOTIFICATION_PASSWORD,
};
beforeAll(() => {
  process.env.ADYEN_HMAC_KEY = TEST_HMAC_KEY;
});
afterAll(() => {
  restore('ADYEN_HMAC_KEY', saved.key);
});
/** process.env turns undefined into "undefined": unset instead. */
const restore = (name: string, value: string | undefined) =>
  value === undefined ? delete process.env[name] : (process.env[name] = value);
afterEach(() => {
  restore('ADYEN_NOTIFICATION_USERNAME', saved.user);
  restore('ADYEN_NOTIFICATION_PASSWORD', saved.password);
  process.env.ADYEN_HMAC_KEY = TEST_HMAC_KEY;
  vi.restoreAllMocks();
});

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

/** A payment left waiting at 3-D Secure: its answer is what the notification brings. */
async function paymentAtChallenge(extra: Parameters<typeof pay>[2] = {}, linkOverrides: Record<string, unknown> = {}) {
  const { admin, parentId } = await createTenant();
  const link = await createLinkVia(admin.token, parentId, linkOverrides);
  const outcome = await pay(link, cards.visa3ds, extra);
  expect(outcome).toMatchObject({ outcome: 'challenge' });
  const row = await rowOf((outcome as { transactionId: string }).transactionId);
  return { admin, parentId, link, row };
}

const authorisation = (
  row: { id: string; providerReference: string | null },
  fields: Partial<Parameters<typeof adyenItem>[0]> = {},
) =>
  adyenItem({
    eventCode: 'AUTHORISATION',
    pspReference: row.providerReference!,
    merchantReference: row.id,
    additionalData: { cardSummary: '0006', cardBin: '42123456', paymentMethod: 'visa' },
    ...fields,
  });

describe('POST /api/processor/adyen/notifications', () => {
  it('stores a signed AUTHORISATION once, answers [accepted] and settles the payment left at 3-D Secure; a repeat changes nothing', async () => {
    const { row } = await paymentAtChallenge();
    const body = adyenBatch(authorisation(row));
    const first = await postNotifications(body);
    expect(first.status).toBe(200);
    expect(first.text).toBe('[accepted]');
    expect(await rowOf(row.id)).toMatchObject({ status: 'COMPLETE', stage: null, cardLastFour: '0006' });
    expect(await auditCount(await getDb(), 'transaction:payment', row.id)).toBe(1);

    const again = await postNotifications(body);
    expect(again.text).toBe('[accepted]');
    const stored = await notificationsOf(row.providerReference!);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      processor: 'adyen',
      status: 'applied',
      attempts: 1,
      eventCode: 'AUTHORISATION',
      success: true,
      merchantReference: row.id,
      amount: 10000,
      currency: 'GBP',
    });
    expect(await auditCount(await getDb(), 'transaction:payment', row.id)).toBe(1);
  });

  it('refuses a batch with any bad signature (401) and stores none of it', async () => {
    const { row } = await paymentAtChallenge();
    const good = authorisation(row);
    const forged = {
      ...authorisation(row, { pspReference: 'FORGED0000000001' }),
      amount: { value: 1, currency: 'GBP' },
    };
    const response = await postNotifications(adyenBatch(good, forged));
    expect(response.status).toBe(401);
    expect(response.body.errors[0].code).toBe('notification.invalid_signature');
    const otherKey = await postNotifications(
      adyenBatch(
        adyenItem(
          { eventCode: 'AUTHORISATION', pspReference: row.providerReference!, merchantReference: row.id },
          'AA'.repeat(32),
        ),
      ),
    );
    expect(otherKey.status).toBe(401);
    delete process.env.ADYEN_HMAC_KEY;
    expect((await postNotifications(adyenBatch(good))).status).toBe(401);
    expect(await notificationsOf(row.providerReference!)).toHaveLength(0);
    expect(await notificationsOf('FORGED0000000001')).toHaveLength(0);
    expect(await rowOf(row.id)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'challenge' });
    // Not a notification batch at all: the error envelope, not a stack trace.
    process.env.ADYEN_HMAC_KEY = TEST_HMAC_KEY;
    const malformed = await postNotifications({
      notificationItems: [{ NotificationRequestItem: { eventCode: 'AUTHORISATION' } }],
    });
    expect(malformed.status).toBe(422);
  });

  it('requires the configured Basic auth before reading anything', async () => {
    const { row } = await paymentAtChallenge();
    process.env.ADYEN_NOTIFICATION_USERNAME = 'adyen-user';
    process.env.ADYEN_NOTIFICATION_PASSWORD = 'adyen: secret';
    const body = adyenBatch(authorisation(row));
    const basic = (user: string, password: string) => ({
      authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
    });
    for (const headers of [
      {},
      basic('adyen-user', 'wrong'),
      basic('other', 'adyen: secret'),
      { authorization: 'Bearer x' },
    ]) {
      const refused = await postNotifications(body, headers);
      expect(refused.status).toBe(401);
      expect(refused.body.errors[0].code).toBe('notification.invalid_credentials');
    }
    expect(await notificationsOf(row.providerReference!)).toHaveLength(0);
    const accepted = await postNotifications(body, basic('adyen-user', 'adyen: secret'));
    expect(accepted.text).toBe('[accepted]');
    expect(await rowOf(row.id)).toMatchObject({ status: 'COMPLETE' });
  });

  it('declines on a refusal, ignores a payment the redirect settled first, and ignores what is not ours, saying why', async () => {
    const { row } = await paymentAtChallenge();
    await postNotifications(adyenBatch(authorisation(row, { success: false, reason: 'Refused' })));
    expect(await rowOf(row.id)).toMatchObject({ status: 'DECLINED', failureReason: 'Refused' });
    // A late success for it (another item: success is part of the key) changes nothing.
    await postNotifications(adyenBatch(authorisation(row)));
    expect(await rowOf(row.id)).toMatchObject({ status: 'DECLINED' });

    const { admin, parentId } = await createTenant();
    const paid = await pay(await createLinkVia(admin.token, parentId));
    const settled = await rowOf((paid as { transactionId: string }).transactionId);
    await postNotifications(adyenBatch(authorisation(settled)));
    expect((await notificationsOf(settled.providerReference!)).find((n) => n.processor === 'adyen')).toMatchObject({
      status: 'ignored',
      outcome: 'payment already COMPLETE',
    });

    await postNotifications(
      adyenBatch(
        adyenItem({ eventCode: 'AUTHORISATION', pspReference: 'UNKNOWN000000001', merchantReference: 'order-42' }),
        adyenItem({ eventCode: 'REPORT_AVAILABLE', pspReference: 'REPORT0000000001' }),
      ),
    );
    expect((await notificationsOf('UNKNOWN000000001'))[0]).toMatchObject({
      status: 'ignored',
      outcome: 'no payment with this reference',
    });
    expect((await notificationsOf('REPORT0000000001'))[0]).toMatchObject({
      status: 'ignored',
      outcome: 'event code REPORT_AVAILABLE is not used',
    });
  });

  it('settles an unsettled group member payment through the normal path: instalments covered, card saved, auto-collect on', async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [1000, 1000, 1000]);
    const [l1, l2] = member!.links as [string, string];
    const outcome = await pay(l1, cards.visa3ds, { coveredLinkIds: [l2], storeCard: true });
    expect(outcome).toMatchObject({ outcome: 'challenge' });
    const id = (outcome as { transactionId: string }).transactionId;
    const db = await getDb();
    // The customer finished 3-D Secure at the processor, and the answer never reached us: unsettled.
    await db.update(transactions).set({ stage: 'unsettled' }).where(eq(transactions.id, id));
    const quiet = vi.spyOn(SandboxProcessor.prototype, 'notify').mockResolvedValue(undefined);
    const result = await new SandboxProcessor(db).finishChallenge({
      providerReference: (await rowOf(id)).providerReference!,
      payload: { password: 'password' },
    });
    quiet.mockRestore();
    if (result.status !== 'authorised') throw new Error('challenge not passed');
    // Adyen's AUTHORISATION for it, with the stored card's references.
    await postNotifications(
      adyenBatch(
        adyenItem({
          eventCode: 'AUTHORISATION',
          pspReference: result.providerReference,
          merchantReference: id,
          amount: 2000,
          additionalData: {
            'recurring.recurringDetailReference': 'M5N7TQ4TG5PFWR50',
            'recurring.shopperReference': `tp-${id}`,
            cardSummary: '0006',
          },
        }),
      ),
    );
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'COMPLETE', savedCardId: expect.any(String) });
    const [link2] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, l2));
    expect(link2!.settledByTransactionId).toBe(id);
    const [card] = await db.select().from(savedCards).where(eq(savedCards.id, row.savedCardId!));
    expect(card).toMatchObject({ lastFour: '0006', processorToken: expect.stringMatching(/^adyen_tok_/) });
    const [memberRow] = await db.select().from(groupMembers).where(eq(groupMembers.id, member!.id));
    expect(memberRow).toMatchObject({ autoCollect: true });
    expect(await auditCount(db, 'transaction:payment', id)).toBe(1);
  });

  it('leaves a payment being authorised to the call that sent it for 2 minutes, then settles it (that process died)', async () => {
    const { row } = await paymentAtChallenge();
    const db = await getDb();
    await db
      .update(transactions)
      .set({ stage: 'authorising', updatedAt: new Date() })
      .where(eq(transactions.id, row.id));
    await postNotifications(adyenBatch(authorisation(row)));
    expect((await notificationsOf(row.providerReference!)).find((n) => n.processor === 'adyen')).toMatchObject({
      status: 'failed',
      outcome: 'payment is being authorised; tried again later',
    });
    expect(await rowOf(row.id)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'authorising' });
    try {
      await advanceClock(db, { seconds: 3 * 60 });
      await runOnce(db);
    } finally {
      await resetClock(db);
    }
    expect(await rowOf(row.id)).toMatchObject({ status: 'COMPLETE' });
    expect((await notificationsOf(row.providerReference!)).find((n) => n.processor === 'adyen')).toMatchObject({
      status: 'applied',
      attempts: 2,
    });
  });

  it('keeps a stored item whose apply failed, and the runner applies it (a crash between store and apply loses nothing)', async () => {
    const { row } = await paymentAtChallenge();
    const db = await getDb();
    // Stored but never applied: the process died right after answering [accepted].
    const item = authorisation(row);
    const { storeNotifications } = await import('@/lib/core/processor-notifications/store-notifications');
    const [id] = await storeNotifications(db, 'adyen', [item], TEST_HMAC_KEY);
    expect((await rowOf(row.id)).status).toBe('PAYMENTINPROGRESS');
    const reports = await runUntilIdle(db);
    expect(reports.reduce((n, r) => n + r.notifications, 0)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'COMPLETE' });
    const [stored] = await db.select().from(processorNotifications).where(eq(processorNotifications.id, id!));
    expect(stored).toMatchObject({ status: 'applied', attempts: 1 });
  });

  it('a booking link that stores a card: the sandbox AUTHORISATION carries the token and the runner finds the payment already settled', async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    const outcome = await pay(
      await createLinkVia(admin.token, parentId, { booking_id: bookingId, store_card_forced: true }),
    );
    const row = await rowOf((outcome as { transactionId: string }).transactionId);
    const [sent] = await notificationsOf(row.providerReference!);
    expect(sent).toMatchObject({
      processor: 'sandbox',
      eventCode: 'AUTHORISATION',
      success: true,
      status: 'received',
      merchantReference: row.id,
    });
    expect(
      (sent!.item as { additionalData: Record<string, string> }).additionalData['recurring.recurringDetailReference'],
    ).toMatch(/^sbx_tok_/);
    await runUntilIdle(await getDb());
    expect((await notificationsOf(row.providerReference!))[0]).toMatchObject({
      status: 'ignored',
      outcome: 'payment already COMPLETE',
    });
  });
});
