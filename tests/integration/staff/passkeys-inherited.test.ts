import { describe, expect, it } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { loadStaffActor } from '@/lib/core/staff/load-staff-actor';
import { setPasskeysRequired } from '@/lib/core/staff/passkeys/passkey-policy';
import { getDb } from '@/lib/db/client';
import { createTenant } from '../support/fixtures';
import { signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * A parent organisation's passkey requirement covers its children's staff (docs/dashboard-passkeys.md), at
 * sign-in and at each session's load: a link session open when the requirement came may only register a passkey.
 */
withTestDatabase();

const methodOf = async (sessionId: string) => (await loadStaffActor(await getDb(), sessionId))?.signInMethod;

describe("a parent's passkey requirement", () => {
  it("holds the child's users at sign-in and at their open session's next load; not another tenant's", async () => {
    const db = await getDb();
    const tenant = await createTenant('Inherit');
    const other = await createTenant('Elsewhere');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const childUser = await staffUser(db, ['booking-and-payment:create:payment'], [tenant.childId]);
    const stranger = await staffUser(db, ['booking-and-payment:create:payment'], [other.childId]);
    const adminActor = (await loadStaffActor(db, await signInByEmail(db, admin.email)))!;
    const open = await signInByEmail(db, childUser.email);
    expect(await methodOf(open)).toBe('link');

    await setPasskeysRequired(db, adminActor, tenant.parentId, true);
    // The session already open: from its next load, only a passkey's registration.
    expect(await methodOf(open)).toBe('link-enrol');
    // A new link sign-in of the child's user, and of the parent's own: enrolment only.
    expect(await methodOf(await signInByEmail(db, childUser.email))).toBe('link-enrol');
    expect(await methodOf(await signInByEmail(db, admin.email))).toBe('link-enrol');
    // Another tenant's child is not below this parent.
    expect(await methodOf(await signInByEmail(db, stranger.email))).toBe('link');

    await setPasskeysRequired(db, adminActor, tenant.parentId, false);
    expect(await methodOf(open)).toBe('link');
    // The child's own setting still holds its users, not its parent's.
    await setPasskeysRequired(db, adminActor, tenant.childId, true);
    expect(await methodOf(open)).toBe('link-enrol');
    expect(await methodOf(await signInByEmail(db, admin.email))).toBe('link');
  });
});
