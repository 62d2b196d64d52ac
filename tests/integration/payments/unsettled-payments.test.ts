import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settleAuthorisation } from '@/lib/core/payments/settle-payment';
import { chargeSavedCard } from '@/lib/core/saved-cards/charge-saved-card';
import { getDb } from '@/lib/db/client';
import { savedCards, sandboxProcessorOperations, transactions } from '@/lib/db/schema';
import { ProcessorError, ProcessorOutcomeUnknown, SandboxProcessor } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { bookingWithSavedCard, cards, createLinkVia, pay } from '../support/payments';
import { auditCount } from '../support/races';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();
afterEach(() => vi.restoreAllMocks());

const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
const originalAuthorise = SandboxProcessor.prototype.authorise;
const originalCharge = SandboxProcessor.prototype.chargeStoredCard;

/**
 * The processor acts (its ledger records the payment) but the answer never arrives: a timeout after sending.
 * Its notification is lost too (docs/processor-notifications.md), so only asking the processor can settle it.
 */
function timeoutAfterProcessorActed() {
  vi.spyOn(SandboxProcessor.prototype, 'notify').mockResolvedValue(undefined);
  return vi.spyOn(SandboxProcessor.prototype, 'authorise').mockImplementationOnce(async function (
    this: SandboxProcessor,
    input,
  ) {
    await originalAuthorise.call(this, input);
    throw new ProcessorOutcomeUnknown('Adyen /payments failed after sending: timed out; it may have acted');
  });
}

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function runAfter(seconds: number) {
  const db = await getDb();
  try {
    await advanceClock(db, { seconds });
    return await runUntilIdle(db);
  } finally {
    await resetClock(db);
  }
}

async function authorisationsOf(transactionIds: string[]) {
  return (await getDb())
    .select()
    .from(sandboxProcessorOperations)
    .where(inArray(sandboxProcessorOperations.idempotencyKey, transactionIds));
}

async function transactionsOfLink(link: string) {
  return (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, link));
}

describe('a processor call with an unknown outcome', () => {
  it('leaves the payment unsettled, the link locked ("being confirmed"), and the runner records what the processor took', async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    const link = await createLinkVia(admin.token, parentId, { booking_id: bookingId, store_card_forced: true });
    quiet();
    timeoutAfterProcessorActed();
    const outcome = await pay(link);
    expect(outcome).toMatchObject({ outcome: 'unsettled' });
    const id = (outcome as { transactionId: string }).transactionId;
    expect(await rowOf(id)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });

    // The link is locked: a second payment is refused with the in-progress code, saying the payment is being confirmed.
    await expect(pay(link)).rejects.toMatchObject({
      code: 'checkout.payment_in_progress',
      message: expect.stringMatching(/being confirmed/),
    });
    // Not asked before a minute has passed.
    await runAfter(30);
    expect(await rowOf(id)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });

    const findPayment = vi.spyOn(SandboxProcessor.prototype, 'findPayment');
    const reports = await runAfter(120);
    expect(findPayment).toHaveBeenCalledWith(expect.objectContaining({ reference: id, idempotencyKey: id }));
    expect(reports[0]).toMatchObject({ reconciled: 1, abandoned: 0 });
    const settled = await rowOf(id);
    expect(settled).toMatchObject({
      status: 'COMPLETE',
      stage: null,
      cardBrand: 'VISA',
      cardLastFour: '1111',
      issuingCountry: 'GB',
    });
    expect(settled.providerReference).toMatch(/^SBX-/);
    expect(await auditCount(await getDb(), 'transaction:payment', id)).toBe(1);
    // The card the processor stored is saved, as if the answer had arrived.
    expect(await (await getDb()).select().from(savedCards).where(eq(savedCards.bookingId, bookingId))).toHaveLength(1);
    // The link stays paid; the customer was charged once.
    await expect(pay(link)).rejects.toMatchObject({ code: 'checkout.already_paid' });
    const all = await transactionsOfLink(link);
    expect(await authorisationsOf(all.map((t) => t.id))).toHaveLength(1);
  });

  it('is abandoned only when the processor positively took nothing, which frees the link', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    quiet();
    vi.spyOn(SandboxProcessor.prototype, 'authorise').mockRejectedValueOnce(
      new ProcessorOutcomeUnknown('timed out before Adyen acted'),
    );
    const { transactionId } = (await pay(link)) as { transactionId: string };
    expect((await rowOf(transactionId)).stage).toBe('unsettled');
    await expect(pay(link)).rejects.toMatchObject({ code: 'checkout.payment_in_progress' });
    await runAfter(90);
    expect(await rowOf(transactionId)).toMatchObject({ status: 'ABANDONED', failureReason: 'not_taken' });
    expect(await pay(link)).toMatchObject({ outcome: 'paid' });
  });

  it('stays unsettled while the processor cannot be asked, asking again with back-off', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    quiet();
    timeoutAfterProcessorActed();
    const { transactionId } = (await pay(link)) as { transactionId: string };
    const findPayment = vi
      .spyOn(SandboxProcessor.prototype, 'findPayment')
      .mockRejectedValue(new ProcessorOutcomeUnknown('processor still unreachable'));
    await runAfter(90);
    expect(findPayment).toHaveBeenCalledTimes(1);
    expect(await rowOf(transactionId)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });
    await expect(pay(link)).rejects.toMatchObject({ code: 'checkout.payment_in_progress' });
    // Checked 90 s after it began: the next check waits as long again.
    await runAfter(120);
    expect(findPayment).toHaveBeenCalledTimes(1);
    findPayment.mockRestore();
    await runAfter(240);
    expect(await rowOf(transactionId)).toMatchObject({ status: 'COMPLETE' });
  });

  it('records a decline, or a held authorisation, as the processor says', async () => {
    const { admin, parentId } = await createTenant();
    quiet();
    timeoutAfterProcessorActed();
    const declinedLink = await createLinkVia(admin.token, parentId);
    const declined = (await pay(declinedLink, cards.declined)) as { transactionId: string };
    timeoutAfterProcessorActed();
    const heldLink = await createLinkVia(admin.token, parentId, { authorisation_only: true });
    const held = (await pay(heldLink)) as { transactionId: string };
    await runAfter(90);
    expect(await rowOf(declined.transactionId)).toMatchObject({ status: 'DECLINED', failureReason: 'declined' });
    expect(await rowOf(held.transactionId)).toMatchObject({ status: 'PENDING', stage: null });
    expect(
      (await api.get(`/agent/transactions/${held.transactionId}/complete`, { token: admin.token })).body.data.status,
    ).toBe('COMPLETE');
  });

  it('a saved-card charge that times out is unsettled (never reported as nothing charged) and then settled once', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    quiet();
    vi.spyOn(SandboxProcessor.prototype, 'chargeStoredCard').mockImplementationOnce(async function (
      this: SandboxProcessor,
      input,
    ) {
      await originalCharge.call(this, input);
      throw new ProcessorOutcomeUnknown('timed out');
    });
    const answer = await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 4321 },
      { token: admin.token },
    );
    expect(answer.status).toBe(502);
    expect(answer.body.errors[0].message).toMatch(/being confirmed/);
    const [charge] = await (await getDb()).select().from(transactions).where(eq(transactions.amount, 4321));
    expect(charge).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'unsettled' });
    await runAfter(90);
    expect(await rowOf(charge!.id)).toMatchObject({ status: 'COMPLETE' });
    expect(await authorisationsOf([charge!.id])).toHaveLength(1);
  });
});

describe('a capture with an unknown outcome', () => {
  it('keeps the claim (no reverse can cross it) and the runner finishes it under the same key, captured once', async () => {
    const { admin, parentId } = await createTenant();
    const { transactionId } = (await pay(await createLinkVia(admin.token, parentId, { authorisation_only: true }))) as {
      transactionId: string;
    };
    quiet();
    const originalCapture = SandboxProcessor.prototype.capture;
    vi.spyOn(SandboxProcessor.prototype, 'capture').mockImplementationOnce(async function (
      this: SandboxProcessor,
      input,
    ) {
      await originalCapture.call(this, input);
      throw new ProcessorOutcomeUnknown('timed out');
    });
    const answer = await api.get(`/agent/transactions/${transactionId}/complete`, { token: admin.token });
    expect(answer.status).toBe(502);
    expect(answer.body.errors[0].message).toMatch(/being confirmed/);
    expect(await rowOf(transactionId)).toMatchObject({ status: 'PENDING', stage: 'capturing' });
    expect((await api.get(`/agent/transactions/${transactionId}/reverse`, { token: admin.token })).status).toBe(409);
    await runAfter(11 * 60);
    const done = await rowOf(transactionId);
    expect(done).toMatchObject({ status: 'COMPLETE', stage: null });
    const captures = await (
      await getDb()
    )
      .select()
      .from(sandboxProcessorOperations)
      .where(eq(sandboxProcessorOperations.providerReference, done.providerReference!));
    expect(captures.filter((row) => row.kind === 'capture')).toHaveLength(1);
  });
});

describe('a processor that says it failed', () => {
  it('fails the payment (nothing taken, link free) and says whether a retry may work', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    quiet();
    vi.spyOn(SandboxProcessor.prototype, 'authorise').mockRejectedValueOnce(
      new ProcessorError('Adyen answered 503', true),
    );
    expect(await pay(link)).toMatchObject({ outcome: 'failed', reason: 'processor_unavailable', retryable: true });
    vi.spyOn(SandboxProcessor.prototype, 'authorise').mockRejectedValueOnce(
      new ProcessorError('Adyen answered 422: validation'),
    );
    expect(await pay(link)).toMatchObject({ outcome: 'failed', retryable: false });
    expect(await pay(link)).toMatchObject({ outcome: 'paid' });
  });

  it('a saved-card charge says so too, for the scheduled-payment retries', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId } = await bookingWithSavedCard(admin.token, parentId);
    const [card] = await (await getDb()).select().from(savedCards).where(eq(savedCards.bookingId, bookingId));
    quiet();
    const db = await getDb();
    const charge = (key: string) =>
      chargeSavedCard(db, {
        savedCard: card!,
        amount: 100,
        currency: 'GBX',
        capture: true,
        idempotencyKey: key,
        method: 'MOTO_OTHER',
        use: 'unscheduled',
      });
    vi.spyOn(SandboxProcessor.prototype, 'chargeStoredCard').mockRejectedValueOnce(
      new ProcessorError('Adyen unreachable', true),
    );
    expect(await charge(`t-${transientKey++}`)).toMatchObject({ outcome: 'failed', retryable: true });
    vi.spyOn(SandboxProcessor.prototype, 'chargeStoredCard').mockRejectedValueOnce(
      new ProcessorError('Adyen answered 422'),
    );
    expect(await charge(`t-${transientKey++}`)).toMatchObject({ outcome: 'failed', retryable: false });
  });
});

let transientKey = Date.now();

describe('a payment left at 3-D Secure', () => {
  it('is abandoned after 30 minutes only once the processor confirms the challenge was never finished', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    const { transactionId } = (await pay(link, cards.visa3ds)) as { transactionId: string };
    const findPayment = vi.spyOn(SandboxProcessor.prototype, 'findPayment');
    await runAfter(31 * 60);
    expect(findPayment).toHaveBeenCalledTimes(1);
    expect(await findPayment.mock.results[0]!.value).toMatchObject({ status: 'awaiting_shopper' });
    expect(await rowOf(transactionId)).toMatchObject({ status: 'ABANDONED', failureReason: 'timed_out' });
  });

  it('is recorded COMPLETE when the challenge was finished at the processor but the answer never recorded', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    const { transactionId } = (await pay(link, cards.visa3ds)) as { transactionId: string };
    const row = await rowOf(transactionId);
    await new SandboxProcessor(await getDb()).finishChallenge({
      providerReference: row.providerReference!,
      payload: { password: 'password' },
    });
    await runAfter(31 * 60);
    expect(await rowOf(transactionId)).toMatchObject({ status: 'COMPLETE' });
    await expect(pay(link)).rejects.toMatchObject({ code: 'checkout.already_paid' });
  });

  it('if the processor takes it after all once it was abandoned, the money is given back: captured is refunded, not kept', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const { transactionId } = (await pay(await createLinkVia(admin.token, parentId), cards.visa3ds)) as {
      transactionId: string;
    };
    const row = await rowOf(transactionId);
    // The runner abandoned it while the customer's challenge answer was on its way.
    await db.update(transactions).set({ status: 'ABANDONED', stage: null }).where(eq(transactions.id, transactionId));
    const late = await new SandboxProcessor(db).finishChallenge({
      providerReference: row.providerReference!,
      payload: { password: 'password' },
    });
    expect(await settleAuthorisation(db, transactionId, late)).toMatchObject({
      outcome: 'failed',
      reason: 'payment_no_longer_in_progress',
    });
    const operations = await db
      .select()
      .from(sandboxProcessorOperations)
      .where(eq(sandboxProcessorOperations.providerReference, row.providerReference!));
    expect(operations.filter((op) => op.kind === 'refund')).toMatchObject([{ amount: 10000, currency: 'GBP' }]);
  });
});
