import { formatShortReference } from '@/lib/core/transactions/short-reference';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publicBaseUrl } from '@/lib/config';
import { finishCardChallenge } from '@/lib/core/payments/finish-payment';
import { payByCard } from '@/lib/core/payments/pay-by-card';
import { finishOpenBankingPayment, startOpenBankingPayment } from '@/lib/core/payments/open-banking';
import { getDb } from '@/lib/db/client';
import { emailOutbox, transactions } from '@/lib/db/schema';
import { formatMoney } from '@/lib/money';
import { decideSandboxBankPayment } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import { resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { adyenBatch, adyenItem, postNotifications, TEST_HMAC_KEY } from '../support/notifications';
import { card, cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { advanceDays, collectionGroup, collectionsOf, type Member } from '../groups/collection-support';
import { groupVia, inDays } from '../groups/group-support';

withTestDatabase();

/*
 * The payer's receipt (docs/emails.md): queued with the payment's own commit, once per payment taken, by card,
 * bank, saved card, member instalment or the runner's automatic collection, in the language of the page the
 * payer paid on (else their last known one), with the amounts, the booking reference and the receipt's link.
 */
const savedKey = process.env.ADYEN_HMAC_KEY;
beforeAll(() => {
  process.env.ADYEN_HMAC_KEY = TEST_HMAC_KEY;
});
afterAll(() => (savedKey === undefined ? delete process.env.ADYEN_HMAC_KEY : (process.env.ADYEN_HMAC_KEY = savedKey)));
afterEach(async () => {
  await resetClock(await getDb());
});

const receiptsOf = async (transactionId: string) =>
  (await getDb())
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `receipt:${transactionId}`));

async function oneReceipt(transactionId: string) {
  const receipts = await receiptsOf(transactionId);
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.kind).toBe('payment_receipt');
  return receipts[0]!;
}

const idOf = (outcome: unknown) => (outcome as { transactionId: string }).transactionId;

describe('payer receipts', () => {
  it('a card payment: in the page language, with the surcharge, the booking reference and the receipt link', async () => {
    const { admin, parentId } = await createTenant('Receipts');
    const bookingId = await createBookingVia(admin.token, parentId);
    const booking = (await api.get(`/agent/bookings/${bookingId}`, { token: admin.token })).body.data;
    const link = await createLinkVia(admin.token, parentId, { amount: 10001, booking_id: bookingId });
    const paid = await pay(link, cards.mastercardCommercial, { acceptedSurcharge: 150, locale: 'fr' });
    expect(paid).toMatchObject({ outcome: 'paid' });
    const id = idOf(paid);
    const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
    expect(row!.locale).toBe('fr');
    const receipt = await oneReceipt(id);
    expect(receipt.toAddress).toBe('jane@example.com');
    expect(receipt.subject).toBe(
      `Receipts Travel : votre reçu de paiement pour la réservation ${booking.booking_reference}`,
    );
    expect(receipt.htmlBody).toContain('lang="fr"');
    expect(receipt.textBody).toContain(formatMoney(10151, 'GBX', 'fr'));
    expect(receipt.textBody).toContain(formatMoney(150, 'GBX', 'fr'));
    expect(receipt.textBody).toContain('Frais de carte (inclus)');
    expect(receipt.textBody).toContain(booking.booking_reference);
    expect(receipt.textBody).toContain('Mastercard se terminant par');
    // The short reference a person reads out, as the receipt page and the API show it.
    expect(receipt.textBody).toContain(formatShortReference(row!.shortReference));
    expect(receipt.htmlBody).toContain(`href="${publicBaseUrl()}/fr/receipts/${id}"`);
    // A declined attempt on another link has no receipt.
    const other = await createLinkVia(admin.token, parentId);
    expect(await receiptsOf(idOf(await pay(other, cards.declined)))).toHaveLength(0);
  });

  it('a card paid from a wallet names the wallet, as the receipt page does (issue 17, item 17)', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    // The sandbox's wallet stand-in hands the card over with its wallet (wallet-actions.ts), through payByCard.
    const paid = await payByCard(await getDb(), {
      checkoutId: link,
      method: { ...card(cards.visa), wallet: 'google_pay' },
      returnUrl: 'http://localhost/return',
      locale: 'de',
    });
    expect(paid).toMatchObject({ outcome: 'paid' });
    const receipt = await oneReceipt(idOf(paid));
    expect(receipt.textBody).toContain('Visa mit Endziffern 1111 über Google Pay');
    // A card without a wallet is named as before.
    const plain = await oneReceipt(idOf(await pay(await createLinkVia(admin.token, parentId), cards.visa)));
    expect(plain.textBody).toContain('Visa ending 1111');
    expect(plain.textBody).not.toContain(' via ');
  });

  it('a DCC payment names the amount charged to the card and the rate; en-GB without a page locale', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { dcc_enabled: true, amount: 10000 });
    const id = idOf(await pay(link, cards.visaFrance, { acceptDcc: true }));
    const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
    const receipt = await oneReceipt(id);
    expect(receipt.htmlBody).toContain('lang="en-GB"');
    expect(receipt.textBody).toContain('Charged to your card');
    expect(receipt.textBody).toContain(formatMoney(row!.dcc!.converted_amount!, 'EUX', 'en-GB'));
    expect(receipt.textBody).toMatch(/1 GBP = [\d.]+ EUR/);
    expect(receipt.htmlBody).toContain(`href="${publicBaseUrl()}/receipts/${id}"`);
  });

  it('a bank payment, in German', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const link = await createLinkVia(admin.token, parentId, { open_banking_enabled: true });
    const started = await startOpenBankingPayment(db, {
      checkoutId: link,
      returnUrl: 'http://localhost/r',
      locale: 'de',
    });
    const [row] = await db.select().from(transactions).where(eq(transactions.id, started.transactionId));
    await decideSandboxBankPayment(db, row!.providerReference!, 'approve');
    expect(await finishOpenBankingPayment(db, started.transactionId)).toMatchObject({ outcome: 'paid' });
    const receipt = await oneReceipt(started.transactionId);
    expect(receipt.subject).toMatch(/Zahlungsbestätigung/);
    expect(receipt.textBody).toContain('Banküberweisung (Open Banking)');
    expect(receipt.textBody).toContain(formatMoney(10000, 'GBX', 'de'));
  });

  it("a saved-card charge through the API: the customer's last known language, as a collection", async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    const link = await createLinkVia(admin.token, parentId, { booking_id: bookingId, store_card_forced: true });
    expect(await pay(link, cards.visa, { locale: 'es' })).toMatchObject({ outcome: 'paid' });
    const tokens = await api.get(`/payment/booking/${bookingId}/available-tokens`, { token: admin.token });
    const charged = await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: tokens.body.data[0].id, amount: 5000 },
      { token: admin.token },
    );
    expect(charged.status).toBe(200);
    const [charge] = (
      await (await getDb()).select().from(transactions).where(eq(transactions.bookingId, bookingId))
    ).filter((t) => t.amount === 5000);
    expect(charge!.locale).toBeNull();
    const receipt = await oneReceipt(charge!.id);
    expect(receipt.htmlBody).toContain('lang="es"');
    expect(receipt.textBody).toContain('ha cobrado');
    expect(receipt.textBody).toContain(formatMoney(5000, 'GBX', 'es'));
  });

  it("a member's instalment and the runner's automatic collection: to the member, in the member's language", async () => {
    const tenant = await createTenant('Group Tours');
    const group = await groupVia(tenant.admin.token, tenant.parentId, {
      lead_email: 'lead@example.com',
      members: [{ customer_name: 'Ola Nowak', amount: 30000, email: 'ola@example.com' }],
      installments: [
        { amount: 10000, due_at: inDays(10) },
        { amount: 20000, due_at: inDays(40) },
      ],
    });
    const member = (group.members as Member[])[0]!;
    const first = await pay(member.payment_links[0]!.id, cards.visa, { storeCard: true, locale: 'pl' });
    const own = await oneReceipt(idOf(first));
    expect(own.toAddress).toBe('ola@example.com');
    expect(own.htmlBody).toContain('lang="pl"');
    await advanceDays(41);
    await runUntilIdle(await getDb());
    const [collection] = await collectionsOf([member.payment_links[1]!.id]);
    expect(collection).toMatchObject({ status: 'COMPLETE' });
    const collected = await oneReceipt(collection!.transactionId!);
    expect(collected.toAddress).toBe('ola@example.com');
    expect(collected.htmlBody).toContain('lang="pl"');
    expect(collected.textBody).toContain(formatMoney(20000, 'GBX', 'pl'));
    expect(collected.textBody).toContain('z Twojej zapisanej karty');
  });

  it('a 3-D Secure return racing its AUTHORISATION notification: one payment, one receipt', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    const id = idOf(await pay(link, cards.visa3ds, { locale: 'it' }));
    const db = await getDb();
    const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
    const notification = postNotifications(
      adyenBatch(
        adyenItem({
          eventCode: 'AUTHORISATION',
          pspReference: row!.providerReference!,
          merchantReference: id,
          amount: 10000,
          additionalData: { cardSummary: '0006', paymentMethod: 'visa' },
        }),
      ),
    );
    const [returned, notified] = await Promise.allSettled([
      finishCardChallenge(db, id, { password: 'password' }),
      notification,
    ]);
    expect(notified).toMatchObject({ status: 'fulfilled', value: { text: '[accepted]' } });
    // The return page either records the payment or finds it recorded already.
    if (returned.status === 'fulfilled') expect(returned.value).toMatchObject({ outcome: 'paid' });
    else expect(returned.reason).toMatchObject({ code: 'payment.not_in_progress' });
    await runUntilIdle(db);
    const [settled] = await db.select().from(transactions).where(eq(transactions.id, id));
    expect(settled!.status).toBe('COMPLETE');
    const receipt = await oneReceipt(id);
    expect(receipt.htmlBody).toContain('lang="it"');
    expect(await (await getDb()).select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `receipt:%`))).toEqual(
      expect.arrayContaining([expect.objectContaining({ dedupeKey: `receipt:${id}` })]),
    );
  });
});

describe('a failed automatic collection', () => {
  it('tells the member what happened, in plain words, and links their payment page; no receipt', async () => {
    // 4000 0300 0000 0006: approved while the cardholder is present, declined when charged later as a stored card.
    const { group } = await collectionGroup({ members: 1, card: cards.declinesLater });
    const linkId = group.members[0]!.payment_links[1]!.id;
    await advanceDays(41);
    await runUntilIdle(await getDb());
    const [collection] = await collectionsOf([linkId]);
    expect(collection).toMatchObject({ status: 'FAILED', failureReason: 'insufficient_funds' });
    const emails = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.kind, 'collection_failed'));
    const mine = emails.filter((e) => e.dedupeKey === `collection_failed:${collection!.id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.toAddress).toBe('member1@example.com');
    expect(mine[0]!.textBody).toContain('there was not enough money available on the card');
    expect(mine[0]!.textBody).toContain(formatMoney(20000, 'GBX', 'en-GB'));
    expect(mine[0]!.textBody).toContain('ending 0006');
    expect(mine[0]!.htmlBody).toContain(`href="${publicBaseUrl()}/${linkId}"`);
    expect(await receiptsOf(collection!.transactionId!)).toHaveLength(0);
  });
});
