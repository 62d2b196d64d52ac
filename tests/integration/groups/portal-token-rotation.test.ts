import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { hostedPortal, portalAddMember, type PortalRequest } from '@/lib/core/groups/hosted-portal';
import { portalEntry } from '@/lib/core/groups/portal-entry';
import { PORTAL_TOKEN_GRACE_MS } from '@/lib/core/groups/portal-token';
import { getDb } from '@/lib/db/client';
import { auditRecords, emailOutbox } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createTenant, tokenFor } from '../support/fixtures';
import { errorCode, groupVia, inDays } from './group-support';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * Portal tokens (docs/groups.md "Portal tokens"): a per-group version and an expiry; a rotation
 * (POST /agent/payment-link-groups/{id}/rotate-portal-token) emails the leader a new link and
 * signs out every session entered with an earlier one, on its next page or action.
 */

const tokenOf = (portalUrl: string) => new URL(portalUrl).searchParams.get('token')!;
/** The session cookie `portal_url` gives a browser, or null when its token is refused. */
const enter = async (groupId: string, portalUrl: string, cookie?: string) =>
  (await portalEntry(`/groups/${groupId}`, new URLSearchParams({ token: tokenOf(portalUrl) }), cookie))!.session;
const rotate = (token: string, groupId: string) =>
  api.post(`/agent/payment-link-groups/${groupId}/rotate-portal-token`, {}, { token });
const asLeader = (groupId: string, sessionCookie: string | null): PortalRequest => ({
  groupId,
  sessionCookie: sessionCookie ?? undefined,
  hostOrganisation: null,
});

describe('rotating the portal token', () => {
  it('kills the old link and its sessions, keeps the new one, emails the leader and audits', async () => {
    const tenant = await createTenant('Rotate');
    const group = await groupVia(tenant.admin.token, tenant.parentId);
    const oldSession = await enter(group.id, group.portal_url);
    expect(oldSession).not.toBeNull();
    expect((await hostedPortal(asLeader(group.id, oldSession))).state).toBe('open');

    const rotated = await rotate(tenant.admin.token, group.id);
    expect(rotated.status).toBe(200);
    const data = rotated.body.data;
    expect(data).toMatchObject({ portal_token_version: 2, emailed_to: 'lena@example.com' });
    expect(new URL(data.portal_url).pathname).toBe(`/groups/${group.id}`);
    expect(tokenOf(data.portal_url)).not.toBe(tokenOf(group.portal_url));
    // The group's read shows the new link too.
    expect(
      (await api.get(`/agent/payment-link-groups/${group.id}`, { token: tenant.admin.token })).body.data.portal_url,
    ).toBe(data.portal_url);

    // The old link opens nothing; the session entered with it is signed out for pages and actions, and changes nothing.
    expect(await enter(group.id, group.portal_url)).toBeNull();
    expect(await hostedPortal(asLeader(group.id, oldSession))).toEqual({ state: 'signed_out' });
    expect(await portalAddMember(asLeader(group.id, oldSession), { customer_name: 'Cy', amount: 5000 })).toEqual({
      result: 'signed_out',
    });
    const newSession = await enter(group.id, data.portal_url, oldSession!);
    expect((await hostedPortal(asLeader(group.id, newSession))).state).toBe('open');
    expect(await portalAddMember(asLeader(group.id, newSession), { customer_name: 'Cy', amount: 5000 })).toEqual({
      result: 'member_added',
      member: expect.any(String),
    });

    const db = await getDb();
    const emails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.organisationId, tenant.parentId), eq(emailOutbox.kind, 'group_portal_link')));
    expect(emails.map((e) => e.toAddress)).toEqual(['lena@example.com']);
    expect(emails[0]!.textBody).toContain(data.portal_url);
    const audit = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityId, group.id), eq(auditRecords.type, 'payment-link-group:rotate-portal-token')));
    expect(audit.map((a) => a.userId)).toEqual([tenant.admin.userId]);

    // A second rotation kills the second link in turn.
    const again = (await rotate(tenant.admin.token, group.id)).body.data;
    expect(again.portal_token_version).toBe(3);
    expect(await enter(group.id, data.portal_url)).toBeNull();
    expect(await hostedPortal(asLeader(group.id, newSession))).toEqual({ state: 'signed_out' });
  });

  it("needs the payment role, and another organisation's group is a 404", async () => {
    const a = await createTenant('RotateA');
    const b = await createTenant('RotateB');
    const group = await groupVia(a.admin.token, a.parentId);
    const viewer = await a.makeCaller({ roles: ['booking-and-payment:create:booking'], organisationId: a.parentId });
    expect(errorCode(await rotate(viewer.token, group.id))[0]).toBe(403);
    expect(errorCode(await rotate(b.admin.token, group.id))).toEqual([404, 'resource.not_found']);
    // Nothing changed: the first link still opens the portal.
    expect(await enter(group.id, group.portal_url)).not.toBeNull();
  });
});

describe('portal token expiry', () => {
  it('ends 30 days after the member links expire: the link and its session stop; a rotation opens it for 30 more days', async () => {
    const tenant = await createTenant('Expiry');
    const group = await groupVia(tenant.admin.token, tenant.parentId, {
      installments: [{ amount: 30000, due_at: inDays(5) }],
    });
    const session = await enter(group.id, group.portal_url);
    // Member links expire 30 days after creation here (later than the final due date); the token 30 days after that.
    const linkExpiry = Date.now() + 30 * 86_400_000;
    try {
      setClockOffset(linkExpiry - Date.now() + PORTAL_TOKEN_GRACE_MS - 2 * 86_400_000);
      expect((await hostedPortal(asLeader(group.id, session))).state).toBe('open');
      expect(await enter(group.id, group.portal_url)).not.toBeNull();
      setClockOffset(linkExpiry - Date.now() + PORTAL_TOKEN_GRACE_MS + 2 * 86_400_000);
      expect(await hostedPortal(asLeader(group.id, session))).toEqual({ state: 'signed_out' });
      expect(await enter(group.id, group.portal_url)).toBeNull();

      // An API token of the moved clock's time (the first one has expired by then).
      const rotated = (await rotate(await tokenFor(tenant.admin.publicKey, tenant.admin.privateKey), group.id)).body
        .data;
      expect(Date.parse(rotated.portal_url_expires_at) - Date.now()).toBeGreaterThan(
        linkExpiry - Date.now() + PORTAL_TOKEN_GRACE_MS + 29 * 86_400_000,
      );
      const fresh = await enter(group.id, rotated.portal_url);
      expect((await hostedPortal(asLeader(group.id, fresh))).state).toBe('open');
    } finally {
      setClockOffset(0);
    }
  });
});
