import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hostedApproval, hostedDecideApproval } from '@/lib/core/approvals/hosted-approvals';
import { hostedReceipt } from '@/lib/core/hosted-checkout/hosted-receipt';
import { getDb } from '@/lib/db/client';
import { scheduledPayments } from '@/lib/db/schema';
import { listMailbox } from '@/lib/email/list-mailbox';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { bookingWithSavedCard, cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A booking with two scheduled payments awaiting approval and the approval's id. */
async function approvalWithPayments() {
  const { admin, parentId } = await createTenant();
  await api.post(`/agent/organisations/${parentId}/settings`, { approval_links_enabled: true }, { token: admin.token });
  const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
  await api.post(
    `/payment/booking/${bookingId}/payment`,
    { token: cardToken, amount: 2500, date: inDays(10) },
    { token: admin.token },
  );
  await api.post(
    `/payment/booking/${bookingId}/payment`,
    { token: cardToken, amount: 4200, date: inDays(3) },
    { token: admin.token },
  );
  const sent = (await api.post(`/agent/bookings/${bookingId}/approval-link`, {}, { token: admin.token })).body.data;
  const id = /approvals\/([0-9a-f-]{36})$/.exec(sent.url)![1]!;
  const statuses = async () =>
    (
      await (
        await getDb()
      )
        .select({ status: scheduledPayments.status })
        .from(scheduledPayments)
        .where(eq(scheduledPayments.bookingId, bookingId))
    )
      .map((p) => p.status)
      .sort();
  return { id, statuses };
}

describe('the approval page entry (hosted-approvals)', () => {
  it('shows the payments awaiting approval, then what was decided, once', async () => {
    const { id, statuses } = await approvalWithPayments();
    const open = await hostedApproval(id);
    expect(open).toMatchObject({ decided: false, decision: null, organisation: { name: expect.any(String) } });
    expect(open!.payments.map((p) => [p.amount, p.cardBrand, p.cardLastFour])).toEqual([
      [4200, 'VISA', '1111'],
      [2500, 'VISA', '1111'],
    ]);
    expect(await hostedDecideApproval(id, 'decline')).toBe('decided');
    // A second tab or a replayed action answers "already decided" and flips nothing.
    expect(await hostedDecideApproval(id, 'approve')).toBe('already_decided');
    const decided = await hostedApproval(id);
    expect(decided!.decision).toEqual({
      decision: 'decline',
      payments: [
        expect.objectContaining({ amount: 4200, card_brand: 'VISA', card_last_four: '1111' }),
        expect.objectContaining({ amount: 2500 }),
      ],
    });
    // The payments it was sent for stay on it; none awaits approval any more.
    expect(decided!.payments.map((p) => p.amount)).toEqual([4200, 2500]);
    expect(decided!.awaiting).toBe(0);
    expect(await statuses()).toEqual(['CANCELLED', 'CANCELLED']);
  });

  it('lets exactly one of two concurrent answers win', async () => {
    const { id, statuses } = await approvalWithPayments();
    const results = await Promise.all([hostedDecideApproval(id, 'approve'), hostedDecideApproval(id, 'decline')]);
    expect(results.sort()).toEqual(['already_decided', 'decided']);
    const { decision } = (await hostedApproval(id))!;
    expect(await statuses()).toEqual(
      decision!.decision === 'approve' ? ['QUEUED', 'QUEUED'] : ['CANCELLED', 'CANCELLED'],
    );
  });

  it('treats ids that are not uuids or not ours as not found', async () => {
    expect(await hostedApproval('not-a-uuid')).toBeNull();
    expect(await hostedApproval('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await hostedDecideApproval('00000000-0000-4000-8000-000000000000', 'approve')).toBe('not_found');
    expect(await hostedDecideApproval("1' or 1=1", 'approve')).toBe('not_found');
  });

  it('the emailed link is the page', async () => {
    const { id } = await approvalWithPayments();
    const { emails } = await listMailbox(await getDb(), { skip: 0, take: 50 });
    expect(emails.some((e) => e.kind === 'approval_link' && e.text.includes(`/approvals/${id}`))).toBe(true);
  });
});

describe('printable receipts (hosted-receipt)', () => {
  it('show a paid card payment with its surcharge and, when chosen, the DCC conversion', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId, { surcharging_enabled: true, dcc_enabled: true });
    // A US card on a pound link: an international surcharge, and its own currency offered.
    const ask = await pay(id, cards.visaUs);
    expect(ask.outcome).toBe('confirm_surcharge');
    const { surcharge } = ask as { surcharge: number };
    const paid = await pay(id, cards.visaUs, { acceptedSurcharge: surcharge, acceptDcc: true });
    expect(paid.outcome).toBe('paid');
    const receipt = await hostedReceipt((paid as { transactionId: string }).transactionId);
    expect(receipt).toMatchObject({
      status: 'COMPLETE',
      amount: 10000 + surcharge,
      surcharge,
      cardBrand: 'VISA',
      cardLastFour: '0008',
      currency: 'GBX',
    });
    expect(receipt!.dcc).toMatchObject({
      cardCurrency: 'USX',
      markupBps: 300,
      rate: expect.any(Number),
      convertedAmount: expect.any(Number),
    });
    expect(receipt!.dcc!.convertedAmount).toBeGreaterThan(10000 + surcharge);
  });

  it('show no DCC line when the customer kept the link currency', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId, { dcc_enabled: true, surcharging_enabled: false });
    const paid = await pay(id, cards.visaUs, { acceptDcc: false });
    expect(paid.outcome).toBe('paid');
    expect((await hostedReceipt((paid as { transactionId: string }).transactionId))!.dcc).toBeNull();
  });

  it('exist only for COMPLETE or PENDING payments', async () => {
    const { admin, parentId } = await createTenant();
    const declined = await pay(await createLinkVia(admin.token, parentId), cards.declined);
    expect(await hostedReceipt((declined as { transactionId: string }).transactionId)).toBeNull();
    const held = await pay(await createLinkVia(admin.token, parentId, { authorisation_only: true }), cards.visa);
    expect((await hostedReceipt((held as { transactionId: string }).transactionId))!.status).toBe('PENDING');
    expect(await hostedReceipt('not-a-uuid')).toBeNull();
    expect(await hostedReceipt('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
