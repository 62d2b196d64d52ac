import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadActor } from '@/lib/auth/actor';
import { setClockOffset } from '@/lib/clock';
import { roles as allRoles } from '@/lib/core/enums';
import { removeUserFromOrganisation } from '@/lib/core/organisations/provision';
import { loadStaffActor } from '@/lib/core/staff/load-staff-actor';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { getDb } from '@/lib/db/client';
import { staffSessions, users } from '@/lib/db/schema';
import { createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { auditTypesOf, latestSignInToken, signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * The back office's action wrapper (lib/http/dashboard-action.ts) through the Users page's actions and the
 * switcher, as a browser posts them: session, organisation, role, zod, the core, the audit, the 303.
 */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);

const { inviteUserAction, changeRolesAction, removeUserAction } =
  await import('@/app/[locale]/dashboard/(signed-in)/users/actions');
const { switchOrganisationAction } = await import('@/app/[locale]/dashboard/actions');

withTestDatabase();
afterEach(() => setClockOffset(0));

async function signedIn(email: string) {
  const db = await getDb();
  const sessionId = await signInByEmail(db, email);
  dashboardRequest(await sealStaffSession(db, sessionId));
  return sessionId;
}

describe('the dashboard action wrapper', () => {
  it('invites a user with roles (a sign-in link goes out), changes their roles, removes them; each audited', async () => {
    const db = await getDb();
    const tenant = await createTenant('Invite');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    await signedIn(admin.email);
    const invited = 'New.Person@Example.com';
    const end = await endOf(
      inviteUserAction(formOf({ locale: 'de', email: invited, name: 'New Person', roles: ['chargebacks:view'] })),
    );
    expect(end).toBe('/de/dashboard/users?result=invited');
    const [user] = await db.select().from(users).where(eq(users.email, 'new.person@example.com'));
    expect(user!.roles).toEqual(['chargebacks:view']);
    // The invitation's link signs the new user in.
    expect(await latestSignInToken(db, 'new.person@example.com')).not.toBeNull();
    const theirSession = await signInByEmail(db, 'new.person@example.com');

    await signedIn(admin.email);
    expect(
      await endOf(
        changeRolesAction(formOf({ locale: 'en-GB', user: user!.id, roles: ['users:manage', 'organisation:audit'] })),
      ),
    ).toBe('/dashboard/users?result=roles-changed');
    // At the user's next request, their new roles.
    expect([...(await loadStaffActor(db, theirSession))!.roles].sort()).toEqual(['organisation:audit', 'users:manage']);

    expect(await endOf(removeUserAction(formOf({ locale: 'en-GB', user: user!.id })))).toBe(
      '/dashboard/users?result=removed',
    );
    expect(await loadStaffActor(db, theirSession)).toBeNull();
    expect(await auditTypesOf(db, admin.id)).toEqual(
      expect.arrayContaining(['user:invite', 'user:update-roles', 'user:remove']),
    );
  });

  it('refuses with 403 without a session or without users:manage, and changes nothing', async () => {
    const db = await getDb();
    const tenant = await createTenant('Refuse');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const agent = await staffUser(db, ['booking-and-payment:create:payment'], [tenant.parentId]);
    dashboardRequest(undefined);
    expect(await endOf(removeUserAction(formOf({ locale: 'en-GB', user: admin.id })))).toBe('403');
    dashboardRequest('not-a-sealed-cookie');
    expect(await endOf(removeUserAction(formOf({ locale: 'en-GB', user: admin.id })))).toBe('403');
    await signedIn(agent.email);
    expect(await endOf(removeUserAction(formOf({ locale: 'en-GB', user: admin.id })))).toBe('403');
    expect(
      await endOf(inviteUserAction(formOf({ locale: 'en-GB', email: 'x@example.com', name: 'X', roles: [] }))),
    ).toBe('403');
    expect(await loadStaffActor(db, await signInByEmail(db, admin.email))).not.toBeNull();
    expect(await db.select().from(users).where(eq(users.email, 'x@example.com'))).toEqual([]);
  });

  it("answers another organisation's user 404 and another organisation 403, as the API does", async () => {
    const db = await getDb();
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const admin = await staffUser(db, allRoles, [mine.parentId]);
    const stranger = await staffUser(db, [], [theirs.parentId]);
    await signedIn(admin.email);
    expect(await endOf(removeUserAction(formOf({ locale: 'en-GB', user: stranger.id })))).toBe('404');
    expect(await endOf(changeRolesAction(formOf({ locale: 'en-GB', user: stranger.id, roles: [] })))).toBe('404');
    expect(await endOf(switchOrganisationAction(formOf({ locale: 'en-GB', organisation: theirs.parentId })))).toBe(
      '403',
    );
    expect(await endOf(switchOrganisationAction(formOf({ locale: 'en-GB', organisation: mine.childId })))).toBe(
      '/dashboard?result=switched',
    );
  });

  it('refuses a role the actor does not hold (403), an existing address and themselves (form errors)', async () => {
    const db = await getDb();
    const tenant = await createTenant('Held');
    const manager = await staffUser(db, ['users:manage'], [tenant.parentId]);
    const other = await staffUser(db, [], [tenant.parentId]);
    await signedIn(manager.email);
    expect(
      await endOf(
        inviteUserAction(
          formOf({ locale: 'en-GB', email: 'y@example.com', name: 'Y', roles: ['organisation:management'] }),
        ),
      ),
    ).toBe('403');
    expect(
      await endOf(
        inviteUserAction(formOf({ locale: 'en-GB', email: other.email.toUpperCase(), name: 'O', roles: [] })),
      ),
    ).toBe('/dashboard/users?error=user.email_taken');
    expect(await endOf(removeUserAction(formOf({ locale: 'en-GB', user: manager.id })))).toBe(
      '/dashboard/users?error=user.self',
    );
    expect(await endOf(inviteUserAction(formOf({ locale: 'en-GB', email: 'not-an-email', name: 'Z' })))).toBe(
      '/dashboard/users?error=validation.failed',
    );
  });

  it("ends a removed user's sessions and API keys; an operator's removal and a role change hold at the next request", async () => {
    const db = await getDb();
    const tenant = await createTenant('Remove');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const keyed = await tenant.makeCaller({ roles: ['chargebacks:view'], organisationId: tenant.childId });
    const [keyedUser] = await db.select().from(users).where(eq(users.id, keyed.userId));
    const theirSession = await signInByEmail(db, keyedUser!.email);
    await signedIn(admin.email);
    // The admin works in the child organisation, where the keyed user belongs.
    await endOf(switchOrganisationAction(formOf({ locale: 'en-GB', organisation: tenant.childId })));
    expect(await endOf(removeUserAction(formOf({ locale: 'en-GB', user: keyed.userId })))).toBe(
      '/dashboard/users?result=removed',
    );
    expect(await loadStaffActor(db, theirSession)).toBeNull();
    expect(await loadActor(db, keyed.apiKeyId)).toBeNull();
    const [ended] = await db.select().from(staffSessions).where(eq(staffSessions.id, theirSession));
    expect(ended!.endedAt).not.toBeNull();

    // Removed by the operator command (no session ended by it): the next request finds no organisation.
    const other = await staffUser(db, ['chargebacks:view'], [tenant.parentId]);
    const otherSession = await signInByEmail(db, other.email);
    await db
      .update(users)
      .set({ roles: ['organisation:audit'] })
      .where(eq(users.id, other.id));
    expect([...(await loadStaffActor(db, otherSession))!.roles]).toEqual(['organisation:audit']);
    await removeUserFromOrganisation(db, { userId: other.id, organisationId: tenant.parentId });
    expect(await loadStaffActor(db, otherSession)).toBeNull();
  });
});
