import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { emailOutbox } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';
import { createGroupVia, groupVia } from './group-support';

/* A new group's leader is emailed their portal_url: the setting send_leader_portal_link (on), the flag send_portal_link. */
withTestDatabase();

const portalEmails = async (to: string) =>
  (await getDb())
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'group-leader-portal')));
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe("the leader's portal link", () => {
  it('is emailed to lead_email when the group is created, with the portal_url the API answers', async () => {
    const tenant = await createTenant('Portal');
    const lead = unique('lead');
    const group = await groupVia(tenant.admin.token, tenant.parentId, { lead_email: lead, name: 'Choir trip' });
    const [email, ...more] = await portalEmails(lead);
    expect(more).toHaveLength(0);
    expect(email!.subject).toMatch(/^Portal Travel: your group page for booking GRP-/);
    expect(email!.textBody).toContain('Dear Lena Leader,');
    expect(email!.textBody).toContain('Choir trip (booking GRP-');
    expect(email!.textBody).toContain(group.portal_url);
  });

  it('is not sent with send_portal_link: false, nor when the organisation turned it off unless the flag asks', async () => {
    const tenant = await createTenant('Quiet');
    const first = unique('lead');
    await groupVia(tenant.admin.token, tenant.parentId, { lead_email: first, send_portal_link: false });
    expect(await portalEmails(first)).toHaveLength(0);

    const off = await api.post(
      `/agent/organisations/${tenant.parentId}/settings`,
      { send_leader_portal_link: false },
      { token: tenant.admin.token },
    );
    expect(off.body.data).toMatchObject({ send_leader_portal_link: false });
    const second = unique('lead');
    await groupVia(tenant.admin.token, tenant.parentId, { lead_email: second });
    expect(await portalEmails(second)).toHaveLength(0);
    const third = unique('lead');
    await groupVia(tenant.admin.token, tenant.parentId, { lead_email: third, send_portal_link: true });
    expect(await portalEmails(third)).toHaveLength(1);
  });

  it('refuses a send_portal_link that is not a boolean, and sends nothing for a group that was not created', async () => {
    const tenant = await createTenant('Invalid');
    const lead = unique('lead');
    const refused = await createGroupVia(tenant.admin.token, tenant.parentId, {
      lead_email: lead,
      send_portal_link: 'yes',
    });
    expect(refused.status).toBe(422);
    const failed = await createGroupVia(tenant.admin.token, tenant.parentId, {
      lead_email: lead,
      installments: [],
      members: [{ customer_name: 'A', amount: 0 }],
    });
    expect(failed.status).toBe(422);
    expect(await portalEmails(lead)).toHaveLength(0);
  });
});
