import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import {
  hostedPortal,
  portalAddMember,
  portalRemoveMember,
  portalSendLinks,
  portalSetSchedule,
  type PortalRequest,
} from '@/lib/core/groups/hosted-portal';
import { portalEntry } from '@/lib/core/groups/portal-entry';
import {
  PORTAL_SESSION_COOKIE,
  readPortalSession,
  sealPortalSession,
  type PortalSession,
} from '@/lib/core/groups/portal-session';
import { portalToken } from '@/lib/core/groups/portal-token';
import { getDb } from '@/lib/db/client';
import proxy from '@/proxy';
import { createTenant } from '../support/fixtures';
import { getGroupVia, groupVia, inDays } from './group-support';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * Who may see and change a group in the leader portal: the portal session
 * (from portal_url's token) must hold the group, and the group must belong to
 * the organisation of the portal domain the request came to. Every action goes
 * through the same gate; a refused one changes nothing (checked through the API).
 */

/** The cookie value a browser holds after entering the portals of `groupIds`. */
async function cookieFor(...groupIds: string[]): Promise<string> {
  const db = await getDb();
  let cookie: string | undefined;
  for (const id of groupIds) {
    const params = new URLSearchParams({ token: await portalToken(db, id, 1), lang: 'x' });
    cookie = (await portalEntry(`/fr/groups/${id}`, params, cookie))!.session!;
  }
  return cookie!;
}

describe('portal_url entry', () => {
  it('a valid token adds the group to the session and leaves the address; a wrong one adds nothing', async () => {
    const tenant = await createTenant('Entry');
    const group = await groupVia(tenant.admin.token, tenant.parentId);
    const db = await getDb();
    const token = await portalToken(db, group.id, 1);
    expect(group.portal_url).toBe(
      `${process.env.PUBLIC_BASE_URL ?? 'http://localhost:3000'}/groups/${group.id}?token=${token}`.replace(
        /^(https?:\/\/[^/]+)\/\//,
        '$1/',
      ),
    );
    const entry = await portalEntry(`/fr/groups/${group.id}`, new URLSearchParams({ token, lang: 'x' }), undefined);
    expect(entry!.location).toBe(`/fr/groups/${group.id}?lang=x`);
    expect((await readPortalSession(db, entry!.session!)).groups).toEqual([{ id: group.id, version: 1 }]);
    const wrong = await portalEntry(
      `/groups/${group.id}`,
      new URLSearchParams({ token: token.slice(1) + 'A' }),
      entry!.session!,
    );
    expect(wrong).toEqual({ location: `/groups/${group.id}`, session: null });
    // Another group's token opens nothing here.
    const other = await groupVia(tenant.admin.token, tenant.parentId);
    expect(
      (await portalEntry(
        `/groups/${group.id}`,
        new URLSearchParams({ token: await portalToken(db, other.id, 1) }),
        undefined,
      ))!.session,
    ).toBeNull();
    expect(await portalEntry(`/groups/${group.id}`, new URLSearchParams(), undefined)).toBeNull();
    // A forged or foreign cookie is an empty session.
    expect((await readPortalSession(db, 'Fe26.2*1*forged')).groups).toEqual([]);
    // A cookie sealed before token versions (bare ids) holds its groups at version 1.
    const unversioned = { groups: ['not-a-uuid', group.id, { id: other.id, version: 0 }] } as unknown as PortalSession;
    expect((await readPortalSession(db, await sealPortalSession(db, unversioned))).groups).toEqual([
      { id: group.id, version: 1 },
    ]);
  });

  it('proxy.ts answers portal_url with a 303 to the clean page and the __Host- cookie', async () => {
    const tenant = await createTenant('Proxy');
    const group = await groupVia(tenant.admin.token, tenant.parentId);
    const url = new URL(group.portal_url);
    const response = await proxy(new NextRequest(url, { headers: { host: url.host } }));
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!).pathname).toBe(`/groups/${group.id}`);
    expect(new URL(response.headers.get('location')!).search).toBe('');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${PORTAL_SESSION_COOKIE}=Fe26\\.2`));
    expect(cookie.toLowerCase()).toContain('; path=/');
    expect(cookie.toLowerCase()).toContain('; httponly');
    expect(cookie.toLowerCase()).toContain('; secure');
    expect(cookie.toLowerCase()).toContain('; samesite=lax');
    expect(cookie.toLowerCase()).not.toContain('domain=');
  });
});

describe('the portal gate', () => {
  it("shows the group only with its session, and only on its own organisation's host", async () => {
    const a = await createTenant('GateA');
    const group = await groupVia(a.admin.token, a.parentId);
    const other = await groupVia(a.admin.token, a.parentId);
    const request = (over: Partial<PortalRequest> = {}): PortalRequest => ({
      groupId: group.id,
      sessionCookie: undefined,
      hostOrganisation: null,
      ...over,
    });
    expect(await hostedPortal(request())).toEqual({ state: 'signed_out' });
    expect(await hostedPortal(request({ sessionCookie: await cookieFor(other.id) }))).toEqual({ state: 'signed_out' });
    const cookie = await cookieFor(other.id, group.id);
    const view = await hostedPortal(request({ sessionCookie: cookie }));
    expect(view.state).toBe('open');
    if (view.state !== 'open') return;
    expect(view.group.members.map((m) => m.customer_name)).toEqual(['Ann', 'Ben']);
    expect(view.group.members[0]!.next_link_url).toBe(
      `${new URL(group.portal_url).origin}/${group.members[0].payment_links[0].id}`,
    );
    expect((await hostedPortal(request({ sessionCookie: cookie, hostOrganisation: a.parentId }))).state).toBe('open');
    expect(await hostedPortal(request({ sessionCookie: cookie, hostOrganisation: a.childId }))).toEqual({
      state: 'not_found',
    });
    expect(await hostedPortal(request({ groupId: 'not-a-uuid', sessionCookie: cookie }))).toEqual({
      state: 'not_found',
    });
  });

  it('every action is refused without the session, for another group, on another host and against a lock, changing nothing', async () => {
    const a = await createTenant('Actions');
    const open = await groupVia(a.admin.token, a.parentId);
    const locked = await groupVia(a.admin.token, a.parentId, { members_locked: true, installments_locked: true });
    const cookie = await cookieFor(open.id, locked.id);
    const before = {
      open: (await getGroupVia(a.admin.token, open.id)).body.data,
      locked: (await getGroupVia(a.admin.token, locked.id)).body.data,
    };
    const member = { customer_name: 'Cy', amount: 5000 };
    const schedule = [
      { amount: 15000, due_at: inDays(20) },
      { amount: 15000, due_at: inDays(50) },
    ];
    const as = (
      groupId: string,
      sessionCookie: string | undefined,
      hostOrganisation: string | null = null,
    ): PortalRequest => ({ groupId, sessionCookie, hostOrganisation });

    for (const request of [as(open.id, undefined), as(open.id, await cookieFor(locked.id))]) {
      expect(await portalAddMember(request, member)).toEqual({ result: 'signed_out' });
      expect(await portalRemoveMember(request, open.members[0].id)).toEqual({ result: 'signed_out' });
      expect(await portalSetSchedule(request, schedule)).toEqual({ result: 'signed_out' });
      expect(await portalSendLinks(request)).toEqual({ result: 'signed_out' });
    }
    const elsewhere = as(open.id, cookie, a.childId);
    expect(await portalAddMember(elsewhere, member)).toEqual({ result: 'not_found' });
    expect(await portalRemoveMember(elsewhere, open.members[0].id)).toEqual({ result: 'not_found' });
    expect(await portalSetSchedule(elsewhere, schedule)).toEqual({ result: 'not_found' });
    expect(await portalAddMember(as(locked.id, cookie), member)).toEqual({ result: 'members_locked' });
    expect(await portalRemoveMember(as(locked.id, cookie), locked.members[0].id)).toEqual({ result: 'members_locked' });
    expect(await portalSetSchedule(as(locked.id, cookie), schedule)).toEqual({ result: 'installments_locked' });
    // Another group's member cannot be removed through this group.
    expect(await portalRemoveMember(as(open.id, cookie), locked.members[0].id)).toEqual({ result: 'member_not_found' });
    expect((await getGroupVia(a.admin.token, open.id)).body.data).toEqual(before.open);
    expect((await getGroupVia(a.admin.token, locked.id)).body.data).toEqual(before.locked);

    // With the session, on the main host or the group's own organisation's: each change happens.
    // Each names what changed (the page words it: "Cy was added", "Ben was removed", "2 instalments", the skips).
    expect(await portalAddMember(as(open.id, cookie, a.parentId), member)).toEqual({
      result: 'member_added',
      member: expect.any(String),
    });
    expect(await portalRemoveMember(as(open.id, cookie), open.members[1].id)).toEqual({
      result: 'member_removed',
      member: open.members[1].id,
    });
    expect(
      await portalSetSchedule(as(open.id, cookie), [
        { amount: 10000, due_at: inDays(10) },
        { amount: 20000, due_at: inDays(45) },
      ]),
    ).toEqual({ result: 'schedule_saved', count: 2, replaced: 2 }); // two instalments; both remaining members' links replaced
    // Cy has no email address.
    expect(await portalSendLinks(as(open.id, cookie))).toEqual({
      result: 'links_sent',
      count: 1,
      skipped: 1,
      skips: { no_email: 1 },
    });
    expect(
      await portalSetSchedule(as(open.id, cookie), [
        { amount: 10000, due_at: inDays(45) },
        { amount: 20000, due_at: inDays(10) },
      ]),
    ).toEqual({ result: 'due_dates_not_ascending' });
    const after = (await getGroupVia(a.admin.token, open.id)).body.data;
    expect(after.members.map((m: { customer_name: string }) => m.customer_name)).toEqual(['Ann', 'Cy']);
  });
});
