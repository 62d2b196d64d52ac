import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { auditRecords, paymentLinks, transactions } from '@/lib/db/schema';
import { SERVICE_ACTOR } from '@/lib/core/audit/record-audit';
import { addMember } from '@/lib/core/groups/add-member';
import { portalTokenVersion } from '@/lib/core/groups/portal-token';
import { setSchedule } from '@/lib/core/groups/set-schedule';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { createGroupVia, errorCode, getGroupVia, groupVia, inDays } from './group-support';

withTestDatabase();

describe('PUT /agent/payment-link-groups (create)', () => {
  it('creates booking, schedule, members and one link per instalment per member, and answers the interface shape', async () => {
    const { admin, parentId } = await createTenant();
    const data = await groupVia(admin.token, parentId);
    expect(Object.keys(data).sort()).toEqual(['booking_id', 'id', 'installments', 'members', 'portal_url']);
    expect(data.installments.map((i: { sequence: number; amount: number }) => [i.sequence, i.amount])).toEqual([
      [1, 10000],
      [2, 20000],
    ]);
    expect(data.installments[0].due_at).toBe(`${inDays(10)}T00:00:00.000Z`);
    expect(data.members.map((m: { customer_name: string }) => m.customer_name)).toEqual(['Ann', 'Ben']);
    for (const member of data.members) {
      expect(
        member.payment_links.map((l: { amount: number; installment_sequence: number }) => [
          l.installment_sequence,
          l.amount,
        ]),
      ).toEqual([
        [1, 10000],
        [2, 20000],
      ]);
    }
    const url = new URL(data.portal_url);
    expect(url.pathname).toBe(`/groups/${data.id}`);
    expect(await portalTokenVersion(await getDb(), data.id, url.searchParams.get('token')!)).toBe(1);

    // The booking was created with the leader as customer and the members' sum as its value.
    const booking = await api.get(`/agent/bookings/${data.booking_id}`, { token: admin.token });
    expect(booking.body.data).toMatchObject({
      customer_name: 'Lena Leader',
      email: 'lena@example.com',
      gross_amount: 60000,
      currency: 'GBX',
    });
    // Member links are ordinary payment links with the member's name and email.
    const link = await api.get(`/agent/payment-links/${data.members[1].payment_links[0].id}`, { token: admin.token });
    expect(link.body.data).toMatchObject({
      customer_name: 'Ben',
      email: 'ben@example.com',
      amount: 10000,
      status: 'active',
      booking: { id: data.booking_id },
    });
    const audit = await (await getDb()).select().from(auditRecords).where(eq(auditRecords.entityId, data.id));
    expect(audit.map((a) => a.type)).toEqual(['payment-link-group:create']);
  });

  it('scales the schedule for members who owe different amounts, to the penny', async () => {
    const { admin, parentId } = await createTenant();
    const data = await groupVia(admin.token, parentId, {
      members: [
        { customer_name: 'Ann', amount: 10001 },
        { customer_name: 'Ben', amount: 5000 },
      ],
      installments: [
        { amount: 1, due_at: inDays(5) },
        { amount: 1, due_at: inDays(6) },
        { amount: 1, due_at: inDays(7) },
      ],
    });
    const amounts = data.members.map((m: { payment_links: { amount: number }[] }) =>
      m.payment_links.map((l) => l.amount),
    );
    // Rows sum to each share, and each instalment to its share of 15001 (5001, 5000, 5000), not 5001, 5001, 4999.
    expect(amounts).toEqual([
      [3334, 3334, 3333],
      [1667, 1666, 1667],
    ]);
  });

  it('makes every instalment sum exactly across members (10001, 33333 and 7 over 1:1:1: 14447 each), on create, add and schedule change', async () => {
    const { admin, parentId } = await createTenant();
    const oneToOne = [
      { amount: 1, due_at: inDays(5) },
      { amount: 1, due_at: inDays(6) },
      { amount: 1, due_at: inDays(7) },
    ];
    const data = await groupVia(admin.token, parentId, {
      members: [
        { customer_name: 'Ann', amount: 10001 },
        { customer_name: 'Ben', amount: 33333 },
        { customer_name: 'Cy', amount: 7 },
      ],
      installments: oneToOne,
    });
    const totals = async () =>
      (await getGroupVia(admin.token, data.id)).body.data.installments.map((i: { total: number }) => i.total);
    expect(await totals()).toEqual([14447, 14447, 14447]);
    const shares = (await getGroupVia(admin.token, data.id)).body.data.members.map(
      (m: { payment_links: { amount: number }[] }) => m.payment_links.reduce((sum, l) => sum + l.amount, 0),
    );
    expect(shares).toEqual([10001, 33333, 7]);
    // A schedule change re-splits everyone at once: 43341 over 1:2 is 14447, 28894 (per member: 14448, 28893).
    await setSchedule(await getDb(), data.id, {
      installments: [
        { amount: 1, due_at: inDays(8) },
        { amount: 2, due_at: inDays(9) },
      ],
    });
    expect(await totals()).toEqual([14447, 28894]);

    // A member added later: the other links stay, the new row keeps each total the floor or ceiling of its share.
    const small = await groupVia(admin.token, parentId, { members: [], installments: oneToOne });
    // Added on the service's side: the leader's minimum share (1.00) would refuse these pennies.
    await addMember(await getDb(), small.id, { customer_name: 'Ann', amount: 4 }, { by: SERVICE_ACTOR });
    await addMember(await getDb(), small.id, { customer_name: 'Ben', amount: 4 }, { by: SERVICE_ACTOR });
    // 8 over 1:1:1 is 2.67 each: 3, 3, 2 (Ben's own split 2, 1, 1 would have made 4, 2, 2).
    expect(
      (await getGroupVia(admin.token, small.id)).body.data.installments.map((i: { total: number }) => i.total),
    ).toEqual([3, 3, 2]);
  });

  it('gives each member one link for the whole share without a schedule, and accepts no members', async () => {
    const { admin, parentId } = await createTenant();
    const single = await groupVia(admin.token, parentId, {
      installments: undefined,
      members: [{ customer_name: 'Ann', amount: 4200 }],
    });
    expect(single.installments).toEqual([]);
    expect(single.members[0].payment_links).toEqual([
      { id: expect.any(String), amount: 4200, installment_sequence: null, due_at: null },
    ]);
    const empty = await groupVia(admin.token, parentId, { members: [] });
    expect(empty.members).toEqual([]);
    expect(empty.installments).toHaveLength(2);
  });

  it("attaches an existing booking of the organisation, and 404s another organisation's booking", async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    const data = await groupVia(admin.token, parentId, { booking_id: bookingId, booking_reference: undefined });
    expect(data.booking_id).toBe(bookingId);
    const other = await createTenant('Other');
    const foreign = await createBookingVia(other.admin.token, other.parentId);
    expect(errorCode(await createGroupVia(admin.token, parentId, { booking_id: foreign }))).toEqual([
      404,
      'resource.not_found',
    ]);
  });

  it('uses gross_amount for the created booking when given', async () => {
    const { admin, parentId } = await createTenant();
    const data = await groupVia(admin.token, parentId, { gross_amount: 99999 });
    const booking = await api.get(`/agent/bookings/${data.booking_id}`, { token: admin.token });
    expect(booking.body.data.gross_amount).toBe(99999);
  });

  it('stores the card and open banking flags, and member links default to 30 days or the end of the final due date', async () => {
    const { admin, parentId } = await createTenant();
    const data = await groupVia(admin.token, parentId, {
      open_banking_enabled: true,
      card_enabled: false,
      installments: [{ amount: 30000, due_at: inDays(60) }],
    });
    const [link] = await (
      await getDb()
    )
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.id, data.members[0].payment_links[0].id));
    expect([link!.openBankingEnabled, link!.cardEnabled, link!.kind]).toEqual([true, false, 'payment_link']);
    expect(link!.expiresAt.toISOString()).toBe(`${inDays(60)}T23:59:59.999Z`);
    const short = await groupVia(admin.token, parentId, { installments: [{ amount: 30000, due_at: inDays(3) }] });
    const [shortLink] = await (
      await getDb()
    )
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.id, short.members[0].payment_links[0].id));
    expect(Math.abs(shortLink!.expiresAt.getTime() - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
  });
});

describe('GET /agent/payment-link-groups/{id}', () => {
  it('shows members with paid, remaining, status, next due date and links; totals; booking and organisation', async () => {
    const { admin, parentId } = await createTenant();
    const created = await groupVia(admin.token, parentId);
    const ann = created.members[0];
    expect(await pay(ann.payment_links[0].id)).toMatchObject({ outcome: 'paid' });
    // Ben's second instalment was settled by a payment taken on his first link (several at once).
    const ben = created.members[1];
    const benPaid = (await pay(ben.payment_links[0].id)) as { transactionId: string };
    const db = await getDb();
    await db
      .update(paymentLinks)
      .set({ settledByTransactionId: benPaid.transactionId })
      .where(eq(paymentLinks.id, ben.payment_links[1].id));

    const response = await getGroupVia(admin.token, created.id);
    expect(response.status).toBe(200);
    const group = response.body.data;
    expect(group).toMatchObject({
      id: created.id,
      lead_name: 'Lena Leader',
      lead_email: 'lena@example.com',
      currency: 'GBX',
      status: 'active',
      members_locked: false,
      installments_locked: false,
      portal_url: created.portal_url,
      booking: { id: created.booking_id, gross_amount: 60000 },
      organisation: { id: parentId, name: expect.any(String) },
      totals: {
        members: { total: 2, paid: 1, outstanding: 1, overdue: 0 },
        amounts: { total: 60000, paid: 40000, outstanding: 20000 },
      },
    });
    expect(group.installments.map((i: { amount: number; total: number }) => [i.amount, i.total])).toEqual([
      [10000, 20000],
      [20000, 40000],
    ]);
    expect(group.members[0]).toMatchObject({
      id: ann.id,
      amount: 30000,
      paid_amount: 10000,
      remaining: 20000,
      status: 'outstanding',
      auto_collect: false,
      next_due_at: `${inDays(40)}T00:00:00.000Z`,
    });
    expect(group.members[0].payment_links.map((l: { status: string; paid: boolean }) => [l.status, l.paid])).toEqual([
      ['paid', true],
      ['active', false],
    ]);
    expect(group.members[0].payment_links[0]).toEqual({
      id: ann.payment_links[0].id,
      amount: 10000,
      currency: 'GBX',
      status: 'paid',
      paid: true,
      due_at: `${inDays(10)}T00:00:00.000Z`,
      installment_sequence: 1,
      created_at: expect.any(String),
    });
    expect(group.members[1]).toMatchObject({ paid_amount: 30000, remaining: 0, status: 'paid', next_due_at: null });
  });

  it('turns a member overdue when an unpaid link is past its due date, and a link expired past its expiry', async () => {
    const { admin, parentId } = await createTenant();
    const created = await groupVia(admin.token, parentId);
    const db = await getDb();
    await db
      .update(paymentLinks)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(paymentLinks.id, created.members[0].payment_links[0].id));
    await db
      .update(paymentLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentLinks.id, created.members[1].payment_links[1].id));
    const group = (await getGroupVia(admin.token, created.id)).body.data;
    expect(group.members.map((m: { status: string }) => m.status)).toEqual(['overdue', 'outstanding']);
    expect(group.members[1].payment_links[1].status).toBe('expired');
    expect(group.totals.members).toEqual({ total: 2, paid: 0, outstanding: 1, overdue: 1 });
  });

  it('does not count a declined attempt as paid', async () => {
    const { admin, parentId } = await createTenant();
    const created = await groupVia(admin.token, parentId);
    const db = await getDb();
    await pay(created.members[0].payment_links[0].id, '4000 0000 0000 0002');
    expect(
      (
        await db
          .select()
          .from(transactions)
          .where(eq(transactions.paymentLinkId, created.members[0].payment_links[0].id))
      )[0]!.status,
    ).not.toBe('COMPLETE');
    const group = (await getGroupVia(admin.token, created.id)).body.data;
    expect(group.members[0]).toMatchObject({ paid_amount: 0, status: 'outstanding' });
  });

  it("404s another organisation's group and an unknown id, but a parent key reads its child organisation's group", async () => {
    const { admin, parentId, childId } = await createTenant();
    const other = await createTenant('Other');
    const created = await groupVia(admin.token, parentId);
    expect(errorCode(await getGroupVia(other.admin.token, created.id))).toEqual([404, 'resource.not_found']);
    expect(errorCode(await getGroupVia(admin.token, '00000000-0000-4000-8000-000000000000'))).toEqual([
      404,
      'resource.not_found',
    ]);
    const child = await groupVia(admin.token, childId);
    expect((await getGroupVia(admin.token, child.id)).status).toBe(200);
  });
});
