import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sendGroupLinks } from '@/lib/core/groups/send-group-links';
import { getDb } from '@/lib/db/client';
import { auditRecords, emailOutbox } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { errorCode, groupVia, inDays } from './group-support';

withTestDatabase();

const sendLinks = (token: string, id: string) => api.post(`/agent/payment-link-groups/${id}/send-links`, {}, { token });
const mailTo = async (to: string) =>
  (await getDb())
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'group_member_link')));

describe('GET /agent/bookings/{booking_id}/payment-link-groups', () => {
  it("lists the booking's groups newest first with meta.count, and 404s another organisation's booking", async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    const first = await groupVia(admin.token, parentId, { booking_id: bookingId, name: 'first' });
    const second = await groupVia(admin.token, parentId, { booking_id: bookingId, name: 'second' });
    await groupVia(admin.token, parentId, { name: 'elsewhere' });
    const response = await api.get(`/agent/bookings/${bookingId}/payment-link-groups`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.meta.count).toBe(2);
    expect(response.body.data.map((g: { id: string }) => g.id)).toEqual([second.id, first.id]);
    expect(response.body.data[0]).toMatchObject({
      name: 'second',
      booking: { id: bookingId },
      totals: { members: { total: 2 } },
    });
    const empty = await api.get(
      `/agent/bookings/${await createBookingVia(admin.token, parentId)}/payment-link-groups`,
      { token: admin.token },
    );
    expect([empty.body.data, empty.body.meta.count]).toEqual([[], 0]);
    const other = await createTenant('Other');
    expect(
      errorCode(await api.get(`/agent/bookings/${bookingId}/payment-link-groups`, { token: other.admin.token })),
    ).toEqual([404, 'resource.not_found']);
  });
});

describe('POST /agent/payment-link-groups/{id}/send-links', () => {
  it('emails each member their next outstanding link with organisation, logo, booking reference and due date; skips paid and email-less members', async () => {
    const { admin, parentId } = await createTenant();
    const settings = await api.post(
      `/agent/organisations/${parentId}/settings`,
      { logo_url: 'https://cdn.example.com/logo.png', portal_domain: `trips-${parentId.replace(/_/g, '-')}.localhost` },
      { token: admin.token },
    );
    expect(settings.status).toBe(200);
    expect(
      (await api.post(`/sandbox/organisations/${parentId}/portal-domain/verify`, {}, { token: admin.token })).status,
    ).toBe(200);
    const ref = `SEND-${Date.now()}`;
    const created = await groupVia(admin.token, parentId, {
      booking_reference: ref,
      members: [
        { customer_name: 'Ann', amount: 30000, email: 'ann-send@example.com' },
        { customer_name: 'Ben', amount: 30000, email: 'ben-send@example.com' },
        { customer_name: 'Cat', amount: 30000 },
      ],
    });
    const [ann, ben, cat] = created.members;
    await pay(ann.payment_links[0].id);
    for (const link of ben.payment_links) await pay(link.id);

    const response = await sendLinks(admin.token, created.id);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      sent: [{ member_id: ann.id, payment_link_id: ann.payment_links[1].id }],
      skipped: [
        { member_id: ben.id, reason: 'paid' },
        { member_id: cat.id, reason: 'no_email' },
      ],
    });
    const [mail] = await mailTo('ann-send@example.com');
    expect(mail!.subject).toContain(ref);
    // The due date as people write it, never an ISO date in text.
    const due = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(
      new Date(inDays(40)),
    );
    expect(mail!.subject).toContain(`due ${due}`);
    expect(mail!.subject).not.toContain(inDays(40));
    const origin = created.portal_url.split('/groups/')[0];
    expect(new URL(origin).hostname).toMatch(/^trips-.*\.localhost$/);
    expect(mail!.textBody).toContain(`${origin}/${ann.payment_links[1].id}`);
    expect(mail!.textBody).toMatch(/Amount\s+£200\.00/);
    expect(mail!.textBody).toContain(`Due date            ${due}`);
    expect(mail!.htmlBody).toContain('lang="en-GB"');
    expect(mail!.htmlBody).toMatch(/<img[^>]+src="https:\/\/cdn\.example\.com\/logo\.png"/);
    expect(await mailTo('ben-send@example.com')).toEqual([]);
    const audit = await (
      await getDb()
    )
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityId, created.id), eq(auditRecords.type, 'payment-link-group:send-links')));
    expect(audit).toHaveLength(1);
  });

  it('sends to one member for the portal, and refuses a member of another group', async () => {
    const { admin, parentId } = await createTenant();
    const created = await groupVia(admin.token, parentId, {
      members: [
        { customer_name: 'Dee', amount: 30000, email: 'dee-one@example.com' },
        { customer_name: 'Eve', amount: 30000, email: 'eve-one@example.com' },
      ],
    });
    const db = await getDb();
    const result = await sendGroupLinks(db, created.id, { memberId: created.members[1].id });
    expect(result).toEqual({
      sent: [{ member_id: created.members[1].id, payment_link_id: created.members[1].payment_links[0].id }],
      skipped: [],
    });
    expect(await mailTo('dee-one@example.com')).toEqual([]);
    const other = await groupVia(admin.token, parentId);
    await expect(sendGroupLinks(db, created.id, { memberId: other.members[0].id })).rejects.toMatchObject({
      code: 'group.member_not_found',
    });
  });

  it("needs the payment role and 404s another organisation's group", async () => {
    const tenant = await createTenant();
    const created = await groupVia(tenant.admin.token, tenant.parentId);
    const reader = await tenant.makeCaller({ roles: [], organisationId: tenant.parentId });
    expect(errorCode(await sendLinks(reader.token, created.id))).toEqual([403, 'auth.missing_role']);
    const other = await createTenant('Other');
    expect(errorCode(await sendLinks(other.admin.token, created.id))).toEqual([404, 'resource.not_found']);
  });
});
