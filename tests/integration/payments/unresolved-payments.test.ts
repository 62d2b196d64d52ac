import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NO_PROCESSOR_ANSWER,
  raiseUnresolvedPayment,
  UNRESOLVED_AFTER_MS,
} from '@/lib/core/payments/unresolved-payment';
import { getDb } from '@/lib/db/client';
import { emailOutbox, transactions } from '@/lib/db/schema';
import { ProcessorOutcomeUnknown, SandboxProcessor } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { adyenBatch, adyenItem, postNotifications, TEST_HMAC_KEY } from '../support/notifications';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();
const savedKey = process.env.ADYEN_HMAC_KEY;
beforeAll(() => {
  process.env.ADYEN_HMAC_KEY = TEST_HMAC_KEY;
});
afterAll(() => (savedKey === undefined ? delete process.env.ADYEN_HMAC_KEY : (process.env.ADYEN_HMAC_KEY = savedKey)));
afterEach(() => vi.restoreAllMocks());

const HOUR = 3600;
const BOUND_HOURS = UNRESOLVED_AFTER_MS / 3_600_000;

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

/** Runs the runner with the clock `seconds` after real time (the offset is absolute: reset after). */
async function runAt(seconds: number) {
  const db = await getDb();
  try {
    await advanceClock(db, { seconds });
    return await runUntilIdle(db);
  } finally {
    await resetClock(db);
  }
}

const alertsOf = async (organisationId: string) =>
  (await getDb())
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.organisationId, organisationId), eq(emailOutbox.kind, 'alert:payment_unresolved')));

/**
 * A payment whose call timed out before the processor acted, at a processor
 * that cannot say what became of it (as Adyen, which has no status query):
 * every question answers unknown.
 */
async function unansweredPayment() {
  const { admin, parentId } = await createTenant();
  const link = await createLinkVia(admin.token, parentId);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(SandboxProcessor.prototype, 'authorise').mockRejectedValueOnce(
    new ProcessorOutcomeUnknown('timed out after sending'),
  );
  const { transactionId } = (await pay(link)) as { transactionId: string };
  const findPayment = vi
    .spyOn(SandboxProcessor.prototype, 'findPayment')
    .mockRejectedValue(new ProcessorOutcomeUnknown('no status query'));
  return { admin, link, transactionId, findPayment };
}

describe('an unsettled payment the processor never answers', () => {
  it('is asked with back-off until the bound, never abandoned; past it, one alert, a visible marker, and no more asking', async () => {
    const { admin, link, transactionId, findPayment } = await unansweredPayment();
    const row = await rowOf(transactionId);
    expect(row).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });

    // Before the bound: asked per back-off (at most hourly), still unsettled, no alert.
    await runAt(90);
    expect(findPayment).toHaveBeenCalledTimes(1);
    await runAt((BOUND_HOURS - 2) * HOUR);
    expect(findPayment).toHaveBeenCalledTimes(2);
    await runAt((BOUND_HOURS - 2) * HOUR + 30 * 60);
    expect(findPayment).toHaveBeenCalledTimes(2);
    await runAt((BOUND_HOURS - 1) * HOUR + 60);
    expect(findPayment).toHaveBeenCalledTimes(3);
    expect(await rowOf(transactionId)).toMatchObject({
      status: 'PAYMENTINPROGRESS',
      stage: 'unsettled',
      failureReason: null,
    });
    expect(await alertsOf(row.organisationId)).toHaveLength(0);

    // Past the bound: asked one last time, then one alert to the organisation and the marker.
    const log = vi.mocked(console.error);
    await runAt(BOUND_HOURS * HOUR + 2 * 60);
    expect(findPayment).toHaveBeenCalledTimes(4);
    expect(await rowOf(transactionId)).toMatchObject({
      status: 'PAYMENTINPROGRESS',
      stage: 'unsettled',
      failureReason: NO_PROCESSOR_ANSWER,
    });
    const alerts = await alertsOf(row.organisationId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textBody).toContain(transactionId);
    expect(
      log.mock.calls.some(
        ([line]) =>
          String(line).includes('"transaction_id":"' + transactionId) && String(line).includes('no longer asked'),
      ),
    ).toBe(true);
    // An operator sees it on the transaction.
    const shown = (await api.get(`/agent/transactions/${transactionId}`, { token: admin.token })).body.data;
    expect(shown).toMatchObject({ status: 'PAYMENTINPROGRESS', failure_reason: NO_PROCESSOR_ANSWER });

    // Never again: not asked, not alerted, and still never abandoned; the link stays locked.
    await runAt((BOUND_HOURS + 3) * HOUR);
    await runAt((BOUND_HOURS + 30) * HOUR);
    expect(findPayment).toHaveBeenCalledTimes(4);
    expect(await alertsOf(row.organisationId)).toHaveLength(1);
    expect(await rowOf(transactionId)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });
    await expect(pay(link)).rejects.toMatchObject({ code: 'checkout.payment_in_progress' });
  });

  it("is still settled by the processor's notification after the alert, which clears the marker", async () => {
    const { link, transactionId } = await unansweredPayment();
    await runAt(BOUND_HOURS * HOUR + 60);
    expect((await rowOf(transactionId)).failureReason).toBe(NO_PROCESSOR_ANSWER);
    const item = adyenItem({
      eventCode: 'AUTHORISATION',
      pspReference: 'LATEPSP000000001',
      merchantReference: transactionId,
      additionalData: { cardSummary: '1111', cardBin: '41111111', paymentMethod: 'visa' },
    });
    expect((await postNotifications(adyenBatch(item))).text).toBe('[accepted]');
    expect(await rowOf(transactionId)).toMatchObject({
      status: 'COMPLETE',
      stage: null,
      failureReason: null,
      providerReference: 'LATEPSP000000001',
    });
    await expect(pay(link)).rejects.toMatchObject({ code: 'checkout.already_paid' });
  });

  it('raises its alert once when two runners reach the bound together', async () => {
    const { transactionId } = await unansweredPayment();
    const db = await getDb();
    const raised = await Promise.all([
      raiseUnresolvedPayment(db, { id: transactionId }),
      raiseUnresolvedPayment(db, { id: transactionId }),
    ]);
    expect(raised.filter(Boolean)).toHaveLength(1);
    expect(await alertsOf((await rowOf(transactionId)).organisationId)).toHaveLength(1);
  });
});
