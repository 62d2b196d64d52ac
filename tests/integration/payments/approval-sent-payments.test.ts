import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decideApproval } from '@/lib/core/approvals/decide-approval';
import { hostedApproval, hostedDecideApproval } from '@/lib/core/approvals/hosted-approvals';
import { getDb } from '@/lib/db/client';
import { approvals, scheduledPayments } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { bookingWithSavedCard } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A booking of an organisation using approval links, with a saved card and one £10 payment awaiting approval. */
async function bookingAwaitingApproval() {
  const { admin, parentId } = await createTenant();
  await api.post(`/agent/organisations/${parentId}/settings`, { approval_links_enabled: true }, { token: admin.token });
  const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
  const schedule = (amount: number, days: number) =>
    api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount, date: inDays(days) },
      { token: admin.token },
    );
  await schedule(1000, 5);
  const sendLink = async () => {
    const sent = await api.post(`/agent/bookings/${bookingId}/approval-link`, {}, { token: admin.token });
    return /approvals\/([0-9a-f-]{36})$/.exec(sent.body.data.url)![1]!;
  };
  const statuses = async () =>
    (
      await (
        await getDb()
      )
        .select({ amount: scheduledPayments.amount, status: scheduledPayments.status })
        .from(scheduledPayments)
        .where(eq(scheduledPayments.bookingId, bookingId))
    )
      .map((p) => `${p.amount}:${p.status}`)
      .sort();
  return { admin, bookingId, schedule, sendLink, statuses };
}

describe('an approval decides only the payments its email listed', () => {
  it('stores the payments when sent; a payment scheduled after the email makes it decide nothing, and the page says so', async () => {
    const { schedule, sendLink, statuses } = await bookingAwaitingApproval();
    const id = await sendLink();
    const [row] = await (await getDb()).select().from(approvals).where(eq(approvals.id, id));
    expect(row!.payments).toEqual([expect.objectContaining({ amount: 1000, currency: 'GBX', id: expect.any(String) })]);
    expect(await hostedApproval(id)).toMatchObject({ changed: false, awaiting: 1 });
    // The £2,500 payment the customer never saw.
    await schedule(250000, 20);
    expect(await hostedApproval(id)).toMatchObject({
      changed: true,
      awaiting: 2,
      decided: false,
      payments: [expect.objectContaining({ amount: 1000 })],
    });
    expect(await hostedDecideApproval(id, 'approve')).toBe('changed');
    await expect(decideApproval(await getDb(), id, 'decline')).rejects.toMatchObject({ code: 'approval.changed' });
    expect(await statuses()).toEqual(['1000:AWAITING_APPROVAL', '250000:AWAITING_APPROVAL']);
    expect(await hostedApproval(id)).toMatchObject({ decided: false, decision: null, changed: true });
    // A new link lists both, and decides both.
    const renewed = await sendLink();
    expect((await hostedApproval(renewed))!.payments.map((p) => p.amount)).toEqual([1000, 250000]);
    expect(await hostedDecideApproval(renewed, 'approve')).toBe('decided');
    expect(await statuses()).toEqual(['1000:QUEUED', '250000:QUEUED']);
    // The old link now has nothing awaiting and stays undecided.
    expect(await hostedApproval(id)).toMatchObject({ decided: false, awaiting: 0 });
  });

  it('decides nothing when a listed payment was cancelled, or decided by a later link', async () => {
    const { admin, schedule, sendLink, statuses } = await bookingAwaitingApproval();
    await schedule(2000, 8);
    const first = await sendLink();
    const second = await sendLink();
    const [listed] = (await hostedApproval(first))!.payments;
    expect((await api.delete(`/payment/scheduled-payment/${listed!.id}`, { token: admin.token })).status).toBe(200);
    expect(await hostedDecideApproval(first, 'approve')).toBe('changed');
    expect(await hostedDecideApproval(second, 'decline')).toBe('changed');
    expect(await statuses()).toEqual(['1000:CANCELLED', '2000:AWAITING_APPROVAL']);
    const third = await sendLink();
    expect(await hostedDecideApproval(third, 'approve')).toBe('decided');
    expect(await statuses()).toEqual(['1000:CANCELLED', '2000:QUEUED']);
  });

  it('approves exactly the listed payments when nothing changed', async () => {
    const { schedule, sendLink, statuses } = await bookingAwaitingApproval();
    await schedule(3000, 9);
    const id = await sendLink();
    expect(await decideApproval(await getDb(), id, 'approve')).toEqual({ changed: 2 });
    expect(await statuses()).toEqual(['1000:QUEUED', '3000:QUEUED']);
    expect((await hostedApproval(id))!.decision!.payments.map((p) => p.amount)).toEqual([1000, 3000]);
  });
});
