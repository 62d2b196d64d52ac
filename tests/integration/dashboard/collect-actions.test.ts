import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { listGroupsSchema, listOrganisationGroups } from '@/lib/core/groups/list-organisation-groups';
import { paymentLinksResource } from '@/lib/core/payment-links/payment-links';
import { loadStaffActor } from '@/lib/core/staff/load-staff-actor';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { getDb } from '@/lib/db/client';
import { listMailbox } from '@/lib/email/list-mailbox';
import { auditRecords, emailOutbox, groupMembers, paymentLinks, scheduledPayments } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { bookingWithSavedCard, createLinkVia } from '../support/payments';
import { signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * The collecting pages' actions (docs/dashboard-collect.md) as a browser posts them: the API's operations through
 * the dashboard wrapper, with the session's organisation, the API's roles and its 404 for another organisation.
 */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);

const links = await import('@/app/[locale]/dashboard/(signed-in)/links/actions');
const groups = await import('@/app/[locale]/dashboard/(signed-in)/groups/actions');
const scheduled = await import('@/app/[locale]/dashboard/(signed-in)/scheduled-payments/actions');
const { findCheckout } = await import('@/app/[locale]/dashboard/(signed-in)/links/link-view');

withTestDatabase();

async function signedIn(email: string) {
  const db = await getDb();
  const sessionId = await signInByEmail(db, email);
  dashboardRequest(await sealStaffSession(db, sessionId));
  return (await loadStaffActor(db, sessionId))!;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const idIn = (address: string, path: string) =>
  new RegExp(`^/dashboard/${path}/([0-9a-f-]{36})\\?result=`).exec(address)?.[1];

describe('payment links in the back office', () => {
  it('creates a link with options in the session organisation, emails it, deletes it', async () => {
    const db = await getDb();
    const tenant = await createTenant('Links');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    await signedIn(admin.email);
    const created = await endOf(
      links.createLinkAction(
        formOf({
          locale: 'en-GB',
          // A forged organisation in the form is not read: the session's is used.
          organisation: 'org_someone_else',
          customer_name: 'Ann Payer',
          email: 'ann@example.com',
          amount: '125.50',
          currency: 'GBX',
          card_enabled: 'on',
          authorisation_only: 'on',
          store_card_forced: 'on',
          excluded_card_types: ['AMEX', 'VISA'],
        }),
      ),
    );
    const id = idIn(created, 'links');
    expect(created).toBe(`/dashboard/links/${id}?result=created`);
    const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, id!));
    expect(row).toMatchObject({
      organisationId: tenant.parentId,
      amount: 12550,
      cardEnabled: true,
      openBankingEnabled: false,
    });
    expect(row!.options).toMatchObject({
      authorisation_only: true,
      store_card_forced: true,
      surcharging_enabled: false,
      excluded_card_types: ['AMEX', 'VISA'],
    });

    expect(await endOf(links.sendLinkAction(formOf({ locale: 'en-GB', id: id!, email_locale: 'fr' })))).toBe(
      `/dashboard/links/${id}?result=sent`,
    );
    const mail = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, 'ann@example.com'), eq(emailOutbox.kind, 'payment-link')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.textBody).toContain(`/${id}`);

    expect(await endOf(links.deleteLinkAction(formOf({ locale: 'en-GB', id: id!, kind: 'payment_link' })))).toBe(
      '/dashboard/links?result=deleted',
    );
    const actor = await signedIn(admin.email);
    expect(await findCheckout(db, actor, id!)).toBeNull();
  });

  it('creates an ecommerce session, whose detail is found as one; a bad form is the validation error', async () => {
    const db = await getDb();
    const tenant = await createTenant('Ecom');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const actor = await signedIn(admin.email);
    const created = await endOf(
      links.createEcommerceAction(
        formOf({ locale: 'en-GB', customer_name: 'E', email: 'e@example.com', amount: '9', card_enabled: 'on' }),
      ),
    );
    const found = await findCheckout(db, actor, idIn(created, 'links')!);
    expect(found?.kind).toBe('ecommerce');
    expect(
      await endOf(links.createLinkAction(formOf({ locale: 'en-GB', customer_name: 'E', email: 'e', amount: '9' }))),
    ).toBe('/dashboard/links?error=validation.failed');
    // Neither card nor open banking: the API's own rule, worded by the page.
    expect(
      await endOf(
        links.createLinkAction(formOf({ locale: 'en-GB', customer_name: 'E', email: 'e@example.com', amount: '9' })),
      ),
    ).toBe('/dashboard/links?error=validation.failed');
  });

  it("answers another organisation's link 404 and a user without create:payment 403, changing nothing", async () => {
    const db = await getDb();
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const theirLink = await createLinkVia(theirs.admin.token, theirs.parentId);
    const admin = await staffUser(db, allRoles, [mine.parentId]);
    const actor = await signedIn(admin.email);
    expect(await findCheckout(db, actor, theirLink)).toBeNull();
    expect(await endOf(links.deleteLinkAction(formOf({ locale: 'en-GB', id: theirLink, kind: 'payment_link' })))).toBe(
      '404',
    );
    expect(await endOf(links.sendLinkAction(formOf({ locale: 'en-GB', id: theirLink })))).toBe('404');

    const viewer = await staffUser(db, ['booking-and-payment:create:booking'], [mine.parentId]);
    await signedIn(viewer.email);
    const form = { locale: 'en-GB', customer_name: 'V', email: 'v@example.com', amount: '5', card_enabled: 'on' };
    expect(await endOf(links.createLinkAction(formOf(form)))).toBe('403');
    const myLink = await createLinkVia(mine.admin.token, mine.parentId);
    expect(await endOf(links.deleteLinkAction(formOf({ locale: 'en-GB', id: myLink, kind: 'payment_link' })))).toBe(
      '403',
    );
    expect(await endOf(groups.sendGroupLinksAction(formOf({ locale: 'en-GB', id: myLink })))).toBe('403');
    expect(await endOf(scheduled.cancelScheduledAction(formOf({ locale: 'en-GB', id: myLink })))).toBe('403');
    expect((await paymentLinksResource.get(db, await signedIn(admin.email), myLink)).status).toBe('active');
  });
});

describe('groups in the back office', () => {
  it('creates a group with two members and a schedule, lists it (not another organisation’s), sends links', async () => {
    const db = await getDb();
    const tenant = await createTenant('Groups');
    const other = await createTenant('Other');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const actor = await signedIn(admin.email);
    const created = await endOf(
      groups.createGroupAction(
        formOf({
          locale: 'en-GB',
          lead_name: 'Lena Leader',
          lead_email: 'lena@example.com',
          booking_reference: 'TRIP-DASH-1',
          card_enabled: 'on',
          member_name: ['Ann', 'Bob', ''],
          member_email: ['ann@example.com', 'bob@example.com', ''],
          member_amount: ['100', '100', ''],
          instalment_amount: ['40', '60', ''],
          instalment_due: [inDays(10), inDays(40), ''],
        }),
      ),
    );
    const id = idIn(created, 'groups');
    expect(created).toBe(`/dashboard/groups/${id}?result=created`);
    const list = await listOrganisationGroups(db, actor, listGroupsSchema.parse({ organisation: tenant.parentId }));
    expect(list.items.map((g) => g.id)).toEqual([id]);
    expect(list.items[0]).toMatchObject({
      booking: { booking_reference: 'TRIP-DASH-1' },
      totals: { members: { total: 2, paid: 0 }, amounts: { total: 20000 } },
      installments: [{ amount: 4000 }, { amount: 6000 }],
    });
    const byKeyword = await listOrganisationGroups(
      db,
      actor,
      listGroupsSchema.parse({ organisation: tenant.parentId, keyword: 'nothing-like-it' }),
    );
    expect(byKeyword.total).toBe(0);
    await expect(
      listOrganisationGroups(db, actor, listGroupsSchema.parse({ organisation: other.parentId })),
    ).rejects.toMatchObject({ status: 403 });

    // Both members were sent theirs; the page names them from the address's codes (groups/send-outcome.ts).
    expect(await endOf(groups.sendGroupLinksAction(formOf({ locale: 'en-GB', id: id! })))).toMatch(
      new RegExp(`^/dashboard/groups/${id}\\?result=links-sent&sent=[0-9a-f]{12}%2C[0-9a-f]{12}&skipped=&total=2$`),
    );
    const sent = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'bob@example.com'));
    expect(sent.length).toBeGreaterThan(0);
  });
});

describe('automatic collection turned off from the back office', () => {
  it("turns a member's automatic collection off, audited; another organisation's group is 404", async () => {
    const db = await getDb();
    const tenant = await createTenant('AutoOff');
    const other = await createTenant('AutoOffOther');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    await signedIn(admin.email);
    const created = await endOf(
      groups.createGroupAction(
        formOf({
          locale: 'en-GB',
          lead_name: 'Lena Leader',
          lead_email: 'lena@example.com',
          booking_reference: 'TRIP-AUTO-OFF',
          card_enabled: 'on',
          member_name: ['Ann'],
          member_email: ['ann@example.com'],
          member_amount: ['100'],
          instalment_amount: ['40', '60'],
          instalment_due: [inDays(10), inDays(40)],
        }),
      ),
    );
    const id = idIn(created, 'groups')!;
    // As the member's opt-in at checkout leaves it (the member's side is tested with its card in tests/integration/groups).
    const [member] = await db
      .update(groupMembers)
      .set({ autoCollect: true })
      .where(eq(groupMembers.groupId, id))
      .returning({ id: groupMembers.id });
    const form = { locale: 'en-GB', id, member: member!.id };

    // Staff of another organisation posting the same form: the core's 404, nothing changed.
    await signedIn((await staffUser(db, allRoles, [other.parentId])).email);
    expect(await endOf(groups.autoCollectOffAction(formOf(form)))).toBe('404');
    expect(await endOf(groups.sendGroupLinksAction(formOf({ locale: 'en-GB', id })))).toBe('404');
    const [still] = await db.select().from(groupMembers).where(eq(groupMembers.id, member!.id));
    expect(still!.autoCollect).toBe(true);

    await signedIn(admin.email);
    expect(await endOf(groups.autoCollectOffAction(formOf(form)))).toBe(
      `/dashboard/groups/${id}?result=auto-collect-off`,
    );
    const [after] = await db.select().from(groupMembers).where(eq(groupMembers.id, member!.id));
    expect(after!.autoCollect).toBe(false);
    const audit = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityId, member!.id), eq(auditRecords.type, 'payment-link-group:auto-collect-off')));
    expect(audit).toHaveLength(1);
  });
});

describe('scheduled payments in the back office', () => {
  it('schedules a saved-card charge once per form, cancels it, charges now', async () => {
    const db = await getDb();
    const tenant = await createTenant('Sched');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const { bookingId, cardToken } = await bookingWithSavedCard(tenant.admin.token, tenant.parentId);
    await signedIn(admin.email);
    const key = crypto.randomUUID();
    const form = { locale: 'en-GB', booking: bookingId, key, card: cardToken, amount: '25', date: inDays(5) };
    expect(await endOf(scheduled.chargeSavedCardAction(formOf(form)))).toBe(
      '/dashboard/scheduled-payments?result=scheduled',
    );
    // The same form posted again (a double click): scheduled once.
    expect(await endOf(scheduled.chargeSavedCardAction(formOf(form)))).toBe(
      '/dashboard/scheduled-payments?result=scheduled',
    );
    const rows = await db.select().from(scheduledPayments).where(eq(scheduledPayments.bookingId, bookingId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 2500, status: 'QUEUED' });

    expect(await endOf(scheduled.cancelScheduledAction(formOf({ locale: 'en-GB', id: rows[0]!.id })))).toBe(
      '/dashboard/scheduled-payments?result=cancelled',
    );
    expect(await endOf(scheduled.cancelScheduledAction(formOf({ locale: 'en-GB', id: rows[0]!.id })))).toBe(
      '/dashboard/scheduled-payments?error=scheduled_payment.not_cancellable',
    );
    expect(await endOf(scheduled.chargeSavedCardAction(formOf({ ...form, key: crypto.randomUUID(), date: '' })))).toBe(
      '/dashboard/scheduled-payments?result=charged',
    );
    // Approval links are off by default: the API's refusal, worded by the page.
    expect(await endOf(scheduled.sendApprovalAction(formOf({ locale: 'en-GB', booking: bookingId })))).toBe(
      '/dashboard/scheduled-payments?error=approval.not_enabled',
    );
    // With approval links on, a charge scheduled here waits for the customer, and the page sends them the link.
    await api.post(
      `/agent/organisations/${tenant.parentId}/settings`,
      { approval_links_enabled: true },
      { token: tenant.admin.token },
    );
    expect(
      await endOf(scheduled.chargeSavedCardAction(formOf({ ...form, key: crypto.randomUUID(), amount: '42' }))),
    ).toBe('/dashboard/scheduled-payments?result=scheduled');
    const [awaiting] = await db
      .select()
      .from(scheduledPayments)
      .where(and(eq(scheduledPayments.bookingId, bookingId), eq(scheduledPayments.status, 'AWAITING_APPROVAL')));
    expect(awaiting).toMatchObject({ amount: 4200 });
    expect(await endOf(scheduled.sendApprovalAction(formOf({ locale: 'en-GB', booking: bookingId })))).toBe(
      '/dashboard/scheduled-payments?result=approval-sent',
    );
    const { emails } = await listMailbox(db, { to: 'jane@example.com', skip: 0, take: 5 });
    const approvalEmail = emails.find((e) => e.kind === 'approval_link');
    expect(approvalEmail?.text).toMatch(/\/approvals\/[0-9a-f-]{36}/);
    expect(approvalEmail?.text).toContain('£42.00');
    // Another organisation's booking is the API's 404.
    const theirs = await createTenant('TheirSched');
    const theirBooking = await createBookingVia(theirs.admin.token, theirs.parentId);
    expect(
      await endOf(
        scheduled.chargeSavedCardAction(formOf({ ...form, booking: theirBooking, key: crypto.randomUUID() })),
      ),
    ).toBe('404');
    // Their scheduled payment cannot be cancelled from here, nor their customer sent an approval link.
    const theirCard = await bookingWithSavedCard(theirs.admin.token, theirs.parentId);
    await api.post(
      `/payment/booking/${theirCard.bookingId}/payment`,
      { token: theirCard.cardToken, amount: 700, date: inDays(4) },
      { token: theirs.admin.token },
    );
    const [theirScheduled] = await db
      .select()
      .from(scheduledPayments)
      .where(eq(scheduledPayments.bookingId, theirCard.bookingId));
    expect(await endOf(scheduled.cancelScheduledAction(formOf({ locale: 'en-GB', id: theirScheduled!.id })))).toBe(
      '404',
    );
    expect(await endOf(scheduled.sendApprovalAction(formOf({ locale: 'en-GB', booking: theirCard.bookingId })))).toBe(
      '404',
    );
    const [still] = await db.select().from(scheduledPayments).where(eq(scheduledPayments.id, theirScheduled!.id));
    expect(still!.status).toBe('QUEUED');
  });
});
