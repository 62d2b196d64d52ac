import { afterEach, describe, expect, it, vi } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { roles as allRoles, type Role } from '@/lib/core/enums';
import { loadStaffActor, type StaffActor } from '@/lib/core/staff/load-staff-actor';
import { removeUser } from '@/lib/core/staff/organisation-users';
import { listOwnPasskeys, removeOwnPasskey } from '@/lib/core/staff/passkeys/manage-passkeys';
import { passkeySignInOptions, signInWithPasskey } from '@/lib/core/staff/passkeys/passkey-sign-in';
import { setPasskeysRequired } from '@/lib/core/staff/passkeys/passkey-policy';
import { passkeyRegistrationOptions, registerPasskey } from '@/lib/core/staff/passkeys/register-passkey';
import { relyingParty } from '@/lib/core/staff/passkeys/relying-party';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { getDb } from '@/lib/db/client';
import { createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { auditTypesOf, signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/* Back-office passkeys (docs/dashboard-passkeys.md) with a software authenticator, on the test clock. */

vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);
vi.mock('next/cache', () => ({ refresh: () => undefined }));
const { changeRolesAction } = await import('@/app/[locale]/dashboard/(signed-in)/users/actions');
const { createKeyAction } = await import('@/app/[locale]/dashboard/(signed-in)/developers/actions');

withTestDatabase();
afterEach(() => setClockOffset(0));

const MINUTE = 60_000;

async function staffSession(roles: readonly Role[] = allRoles, organisation?: string) {
  const db = await getDb();
  const tenant = organisation ? null : await createTenant('Passkeys');
  const user = await staffUser(db, roles, [organisation ?? tenant!.parentId]);
  const sessionId = await signInByEmail(db, user.email);
  const actor = (await loadStaffActor(db, sessionId))!;
  return { db, user, actor, tenant, sessionId };
}

/** A passkey registered for `actor` on a new software authenticator. */
async function registered(actor: StaffActor) {
  const db = await getDb();
  const authenticator = new SoftAuthenticator(relyingParty().origin);
  const options = await passkeyRegistrationOptions(db, actor);
  await registerPasskey(db, actor, authenticator.create(options), 'Work laptop');
  return authenticator;
}

describe('registering a passkey', () => {
  it('verifies the attestation for the signed-in user, lists it as theirs, and audits it', async () => {
    const { db, user, actor } = await staffSession();
    const options = await passkeyRegistrationOptions(db, actor);
    expect(options.rp.id).toBe(new URL(relyingParty().origin).hostname);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const authenticator = new SoftAuthenticator(relyingParty().origin);
    await registerPasskey(db, actor, authenticator.create(options), 'Work laptop');
    expect(await listOwnPasskeys(db, actor)).toEqual([
      expect.objectContaining({ name: 'Work laptop', lastUsedAt: null }),
    ]);
    expect(await auditTypesOf(db, user.id)).toEqual(['staff:sign-in', 'staff:passkey-register']);
    // A second registration offers the first as excluded, so the same authenticator is not registered twice.
    expect((await passkeyRegistrationOptions(db, actor)).excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses a challenge answered twice, one past its two minutes, one issued to another user, another origin', async () => {
    const { db, actor } = await staffSession();
    const other = await staffSession();
    const options = await passkeyRegistrationOptions(db, actor);
    const answer = new SoftAuthenticator(relyingParty().origin).create(options);
    // Issued to `actor`: `other` cannot spend it.
    await expect(registerPasskey(db, other.actor, answer, 'Stolen')).rejects.toMatchObject({ code: 'passkey.refused' });
    await registerPasskey(db, actor, answer, 'Once');
    await expect(registerPasskey(db, actor, answer, 'Twice')).rejects.toMatchObject({ code: 'passkey.refused' });

    const late = await passkeyRegistrationOptions(db, actor);
    setClockOffset(2 * MINUTE + 1000);
    await expect(
      registerPasskey(db, actor, new SoftAuthenticator(relyingParty().origin).create(late), 'Late'),
    ).rejects.toMatchObject({ code: 'passkey.refused' });
    setClockOffset(0);

    const phished = await passkeyRegistrationOptions(db, actor);
    await expect(
      registerPasskey(db, actor, new SoftAuthenticator('https://evil.example').create(phished), 'Phished'),
    ).rejects.toMatchObject({ code: 'passkey.refused' });
    expect((await listOwnPasskeys(db, actor)).map((key) => key.name)).toEqual(['Once']);
    expect(await listOwnPasskeys(db, other.actor)).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('starts a session with method passkey, audited as a sign-in, and moves the counter on', async () => {
    const { db, user, actor } = await staffSession();
    const authenticator = await registered(actor);
    const outcome = await signInWithPasskey(db, authenticator.get(await passkeySignInOptions(db)));
    expect(outcome.ok).toBe(true);
    const session = await loadStaffActor(db, (outcome as { sessionId: string }).sessionId);
    expect(session).toMatchObject({ userId: user.id, signInMethod: 'passkey' });
    expect((await signInWithPasskey(db, authenticator.get(await passkeySignInOptions(db)))).ok).toBe(true);
    expect((await listOwnPasskeys(db, actor))[0]!.lastUsedAt).not.toBeNull();
    expect(await auditTypesOf(db, user.id)).toEqual([
      'staff:sign-in',
      'staff:passkey-register',
      'staff:sign-in',
      'staff:sign-in',
    ]);
  });

  it('refuses an answer replayed, a challenge expired, another origin, and a counter that did not move', async () => {
    const { db, user, actor } = await staffSession();
    const authenticator = await registered(actor);
    const answer = authenticator.get(await passkeySignInOptions(db));
    expect((await signInWithPasskey(db, answer)).ok).toBe(true);
    expect(await signInWithPasskey(db, answer)).toEqual({ ok: false });

    const late = await passkeySignInOptions(db);
    setClockOffset(2 * MINUTE + 1000);
    expect(await signInWithPasskey(db, authenticator.get(late))).toEqual({ ok: false });
    setClockOffset(0);

    expect(
      await signInWithPasskey(
        db,
        authenticator.get(await passkeySignInOptions(db), { origin: 'https://evil.example' }),
      ),
    ).toEqual({ ok: false });
    // A cloned authenticator replays a count the service has already seen.
    expect(await signInWithPasskey(db, authenticator.get(await passkeySignInOptions(db), { counter: 1 }))).toEqual({
      ok: false,
    });
    const types = await auditTypesOf(db, user.id);
    expect(types.filter((type) => type === 'staff:sign-in')).toHaveLength(2);
    expect(types.filter((type) => type === 'staff:sign-in-refused')).toHaveLength(2);
  });

  it("refuses another user's credential: a user handle naming someone else, and a removal of another's passkey", async () => {
    const { db, actor } = await staffSession();
    const other = await staffSession();
    const authenticator = await registered(actor);
    const theirs = await registered(other.actor);
    const claimsOther = authenticator.get(await passkeySignInOptions(db), {
      userHandle: theirs.get(await passkeySignInOptions(db)).response.userHandle!,
    });
    expect(await signInWithPasskey(db, claimsOther)).toEqual({ ok: false });
    const [theirKey] = await listOwnPasskeys(db, other.actor);
    await expect(removeOwnPasskey(db, actor, theirKey!.id)).rejects.toMatchObject({ code: 'resource.not_found' });
    expect(await listOwnPasskeys(db, other.actor)).toHaveLength(1);
    const [mine] = await listOwnPasskeys(db, actor);
    await removeOwnPasskey(db, actor, mine!.id);
    expect(await listOwnPasskeys(db, actor)).toEqual([]);
    // A removed passkey signs nobody in.
    expect(await signInWithPasskey(db, authenticator.get(await passkeySignInOptions(db)))).toEqual({ ok: false });
  });
});

describe('a removed user', () => {
  it('loses their passkeys with their membership: the passkey signs nobody in', async () => {
    const { db, actor, tenant } = await staffSession();
    const member = await staffSession(allRoles, tenant!.parentId);
    const authenticator = await registered(member.actor);
    await removeUser(db, actor, tenant!.parentId, member.user.id);
    expect(await listOwnPasskeys(db, member.actor)).toEqual([]);
    expect(await signInWithPasskey(db, authenticator.get(await passkeySignInOptions(db)))).toEqual({ ok: false });
  });
});

describe('an organisation that requires passkeys', () => {
  it('lets a link sign in only to register a passkey; a passkey signs in fully; organisation:management sets it', async () => {
    const { db, actor, tenant } = await staffSession();
    const member = await staffSession(allRoles, tenant!.parentId);
    const limited = await staffSession(['users:manage'], tenant!.parentId);
    await expect(setPasskeysRequired(db, limited.actor, tenant!.parentId, true)).rejects.toMatchObject({
      code: 'auth.missing_role',
    });
    await setPasskeysRequired(db, actor, tenant!.parentId, true);
    const linkSession = await signInByEmail(db, member.user.email);
    const enrolling = (await loadStaffActor(db, linkSession))!;
    expect(enrolling.signInMethod).toBe('link-enrol');
    // The enrolment session's actions other than the passkey's own are refused, as a missing role is.
    dashboardRequest(await sealStaffSession(db, linkSession));
    const form = formOf({ locale: 'en-GB', user: limited.user.id, roles: ['users:manage'] });
    expect(await endOf(changeRolesAction(form))).toBe('403');
    // So are the actions that answer with form state (an API key's private key shown once): no key is made.
    const keyForm = formOf({ locale: 'en-GB', name: 'Enrolment key', roles: ['booking-and-payment:create:booking'] });
    expect(await endOf(createKeyAction({ status: 'idle' }, keyForm))).toBe('403');
    // It registers a passkey, which then signs in fully.
    const authenticator = await registered(enrolling);
    const outcome = await signInWithPasskey(db, authenticator.get(await passkeySignInOptions(db)));
    const full = await loadStaffActor(db, (outcome as { sessionId: string }).sessionId);
    expect(full?.signInMethod).toBe('passkey');
    dashboardRequest(await sealStaffSession(db, full!.sessionId));
    expect(await endOf(changeRolesAction(form))).toBe('/dashboard/users?result=roles-changed');
    // Off again: a link signs in fully.
    await setPasskeysRequired(db, actor, tenant!.parentId, false);
    expect((await loadStaffActor(db, await signInByEmail(db, member.user.email)))?.signInMethod).toBe('link');
  });
});
