import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { checkoutPageState } from '@/lib/core/hosted-checkout/checkout-page-state';
import { loadHostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { finishOpenBankingPayment, startOpenBankingPayment } from '@/lib/core/payments/open-banking';
import { startTransaction } from '@/lib/core/payments/start-transaction';
import { getDb } from '@/lib/db/client';
import { paymentLinks, transactions } from '@/lib/db/schema';
import { decideSandboxBankPayment } from '@/lib/payments/processor';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createGroupFixture } from '../support/groups';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const db = async () => getDb();
const paidId = (outcome: unknown) => {
  expect(outcome).toMatchObject({ outcome: 'paid' });
  return (outcome as { transactionId: string }).transactionId;
};
const linkRow = async (id: string) =>
  (await (await db()).select().from(paymentLinks).where(eq(paymentLinks.id, id)))[0]!;
const transactionRow = async (id: string) =>
  (await (await db()).select().from(transactions).where(eq(transactions.id, id)))[0]!;

describe('a member pays several instalments in one payment', () => {
  it('pays one, then the next two at once: the amount is their sum, the covered link is settled and refuses payment', async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [3000, 2000, 1500]);
    const [first, second, third] = member!.links as [string, string, string];
    paidId(await pay(first));
    const both = paidId(await pay(second, cards.visa, { coveredLinkIds: [third] }));
    expect(await transactionRow(both)).toMatchObject({
      status: 'COMPLETE',
      amount: 3500,
      surcharge: 0,
      paymentLinkId: second,
      coveredLinkIds: [third],
    });
    expect((await linkRow(third)).settledByTransactionId).toBe(both);
    await expect(pay(third)).rejects.toMatchObject({ code: 'checkout.already_paid' });
    // The covered link's page shows paid, with the covering payment's receipt.
    const page = await loadHostedCheckout(await db(), third);
    expect(checkoutPageState(page, new Date())).toBe('paid');
    expect(page!.latest).toMatchObject({ id: both, amount: 3500 });
    expect(page!.member).toMatchObject({ share: 6500, paid: 6500, remaining: 0, next: null });
  });

  it("refuses a covered set that is not one of the member's choices, and charges nothing", async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [alice, bob],
    } = await createGroupFixture(admin, parentId, 2, [1000, 1000, 1000, 1000]);
    const [a1, a2, a3, a4] = alice!.links as [string, string, string, string];
    const refused = { code: 'checkout.instalments_not_payable' };
    // Another member's link.
    await expect(pay(a1, cards.visa, { coveredLinkIds: [bob!.links[0]!] })).rejects.toMatchObject(refused);
    // Skipping an earlier unpaid instalment: 1 and 3 without 2; 3 with 4 while 1 and 2 are unpaid.
    await expect(pay(a1, cards.visa, { coveredLinkIds: [a3] })).rejects.toMatchObject(refused);
    await expect(pay(a3, cards.visa, { coveredLinkIds: [a4] })).rejects.toMatchObject(refused);
    // The same link twice, or the page's own link among the covered.
    await expect(pay(a1, cards.visa, { coveredLinkIds: [a2, a2] })).rejects.toMatchObject(refused);
    await expect(pay(a1, cards.visa, { coveredLinkIds: [a1] })).rejects.toMatchObject(refused);
    // A link of no group covers nothing.
    const plain = await createLinkVia(admin.token, parentId);
    await expect(pay(plain, cards.visa, { coveredLinkIds: [a1] })).rejects.toMatchObject(refused);
    expect(
      await (
        await db()
      )
        .select()
        .from(transactions)
        .where(inArray(transactions.paymentLinkId, [...alice!.links, plain])),
    ).toHaveLength(0);
    // A later link may pay the earlier ones with it: 3 with 1 and 2, in due order from the earliest.
    const three = paidId(await pay(a3, cards.visa, { coveredLinkIds: [a1, a2] }));
    expect(await transactionRow(three)).toMatchObject({ amount: 3000 });
    // A paid link cannot be covered again; a deleted one cannot be covered.
    await expect(pay(a4, cards.visa, { coveredLinkIds: [a2] })).rejects.toMatchObject(refused);
    const [b1, b2] = bob!.links as [string, string];
    expect((await api.delete(`/agent/payment-links/${b2}`, { token: admin.token })).status).toBe(200);
    await expect(pay(b1, cards.visa, { coveredLinkIds: [b2] })).rejects.toMatchObject(refused);
    paidId(await pay(b1));
  });

  it('refuses an expired instalment and a link covered by a payment in progress', async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [1000, 1000, 1000]);
    const [l1, l2, l3] = member!.links as [string, string, string];
    const challenge = await pay(l1, cards.visa3ds, { coveredLinkIds: [l2] });
    expect(challenge).toMatchObject({ outcome: 'challenge' });
    await expect(pay(l2)).rejects.toMatchObject({ code: 'checkout.payment_in_progress' });
    await expect(pay(l3, cards.visa, { coveredLinkIds: [l2] })).rejects.toMatchObject({
      code: 'checkout.instalments_not_payable',
    });
    expect(checkoutPageState(await loadHostedCheckout(await db(), l2), new Date())).toBe('away');
    try {
      setClockOffset(61 * 86_400_000);
      await expect(pay(l3)).rejects.toMatchObject({ code: 'checkout.expired' });
    } finally {
      setClockOffset(0);
    }
  });

  it('quotes the surcharge on the total of the instalments and records it', async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [6000, 4001]);
    const [l1, l2] = member!.links as [string, string];
    expect(await pay(l1, cards.mastercardCommercial, { coveredLinkIds: [l2] })).toEqual({
      outcome: 'confirm_surcharge',
      surcharge: 150,
      total: 10151,
    });
    const id = paidId(await pay(l1, cards.mastercardCommercial, { coveredLinkIds: [l2], acceptedSurcharge: 150 }));
    expect(await transactionRow(id)).toMatchObject({ amount: 10151, surcharge: 150, coveredLinkIds: [l2] });
  });

  it('refuses to start a payment whose amount is not the sum of its instalments', async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [1000, 1000]);
    const [l1, l2] = member!.links as [string, string];
    const start = async (amount: number) =>
      startTransaction(await db(), {
        checkoutId: l1,
        coveredLinkIds: [l2],
        amount,
        surcharge: 0,
        type: 'CARD',
        stage: 'authorising',
        method: 'ONLINE',
        storeCard: false,
        dcc: null,
        processor: { amount, currency: 'GBP' },
      });
    await expect(start(1000)).rejects.toMatchObject({ code: 'checkout.instalments_not_payable' });
    await expect(start(2000)).resolves.toMatchObject({ id: expect.any(String) });
  });

  it('pays several instalments by open banking', async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [1000, 2000], { group: { open_banking_enabled: true } });
    const [l1, l2] = member!.links as [string, string];
    const started = await startOpenBankingPayment(await db(), {
      checkoutId: l1,
      coveredLinkIds: [l2],
      returnUrl: 'http://localhost/r',
    });
    await decideSandboxBankPayment(
      await db(),
      (await transactionRow(started.transactionId)).providerReference!,
      'approve',
    );
    expect(await finishOpenBankingPayment(await db(), started.transactionId)).toMatchObject({ outcome: 'paid' });
    expect(await transactionRow(started.transactionId)).toMatchObject({ amount: 3000, type: 'OPEN_BANKING' });
    expect((await linkRow(l2)).settledByTransactionId).toBe(started.transactionId);
  });

  it('a reversed payment of several instalments leaves them unpaid again', async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [1000, 2000], { linkOptions: { authorisation_only: true } });
    const [l1, l2] = member!.links as [string, string];
    const held = paidId(await pay(l1, cards.visa, { coveredLinkIds: [l2] }));
    expect(await transactionRow(held)).toMatchObject({ status: 'PENDING' });
    expect((await linkRow(l2)).settledByTransactionId).toBe(held);
    expect((await api.get(`/agent/transactions/${held}/reverse`, { token: admin.token })).status).toBe(200);
    expect((await linkRow(l2)).settledByTransactionId).toBeNull();
    paidId(await pay(l2));
  });
});
