import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { roles as allRoles } from '@/lib/core/enums';
import { consumeSignInLink } from '@/lib/core/staff/consume-sign-in-link';
import { loadStaffActor } from '@/lib/core/staff/load-staff-actor';
import { requestSignInLink } from '@/lib/core/staff/request-sign-in-link';
import { sealStaffSession, unsealStaffSession } from '@/lib/core/staff/session-cookie';
import { signOut, signOutEverywhere } from '@/lib/core/staff/staff-sessions';
import { getDb } from '@/lib/db/client';
import { organisations, staffSessions } from '@/lib/db/schema';
import { createTenant } from '../support/fixtures';
import { auditTypesOf, latestSignInToken, signInByEmail, signInLinkCount, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/* The back office's sign-in and sessions (issue 18 slice 1, docs/dashboard.md), on the test clock. */

withTestDatabase();
afterEach(() => setClockOffset(0));

const MINUTE = 60_000;

describe('sign-in links', () => {
  it('emails a one-time link to a user and signs them in once; a second use is refused and audited', async () => {
    const db = await getDb();
    const tenant = await createTenant('Links');
    const user = await staffUser(db, allRoles, [tenant.parentId]);
    await requestSignInLink(db, { email: user.email.toUpperCase(), locale: 'fr' });
    const token = await latestSignInToken(db, user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await consumeSignInLink(db, token!);
    expect(first.ok).toBe(true);
    const actor = await loadStaffActor(db, (first as { sessionId: string }).sessionId);
    expect(actor).toMatchObject({ userId: user.id, apiKeyId: null, rootOrganisationId: tenant.parentId });
    // The parent's user reaches its child too: the switcher offers both.
    expect([...actor!.organisations.keys()].sort()).toEqual([tenant.parentId, tenant.childId].sort());
    // With their names, in the same order, for the switcher (read in the session's statement).
    const named = await db.select({ id: organisations.id, name: organisations.name }).from(organisations);
    expect(actor!.organisationList).toEqual(
      [...actor!.organisations.values()].map((org) => ({
        id: org.id,
        parentId: org.parentId,
        name: named.find((row) => row.id === org.id)!.name,
      })),
    );
    expect(await consumeSignInLink(db, token!)).toEqual({ ok: false, reason: 'used' });
    expect(await consumeSignInLink(db, 'x'.repeat(43))).toEqual({ ok: false, reason: 'invalid' });
    expect(await auditTypesOf(db, user.id)).toEqual(['staff:sign-in', 'staff:sign-in-refused']);
  });

  it('answers an unknown address exactly as a known one and mails it nothing (no enumeration)', async () => {
    const db = await getDb();
    const tenant = await createTenant('Enum');
    const user = await staffUser(db, [], [tenant.parentId]);
    await expect(requestSignInLink(db, { email: user.email, locale: 'en-GB' })).resolves.toBeUndefined();
    await expect(requestSignInLink(db, { email: 'nobody@example.com', locale: 'en-GB' })).resolves.toBeUndefined();
    expect(await signInLinkCount(db, user.email)).toBe(1);
    expect(await signInLinkCount(db, 'nobody@example.com')).toBe(0);
  });

  it('sends at most 5 links per address in 15 minutes, then again after', async () => {
    const db = await getDb();
    const tenant = await createTenant('Rate');
    const user = await staffUser(db, [], [tenant.parentId]);
    for (let i = 0; i < 7; i++) await requestSignInLink(db, { email: user.email, locale: 'en-GB' });
    expect(await signInLinkCount(db, user.email)).toBe(5);
    setClockOffset(16 * MINUTE);
    await requestSignInLink(db, { email: user.email, locale: 'en-GB' });
    expect(await signInLinkCount(db, user.email)).toBe(6);
  });

  it('refuses a link after its 15 minutes (test clock), and audits the attempt', async () => {
    const db = await getDb();
    const tenant = await createTenant('Expiry');
    const user = await staffUser(db, [], [tenant.parentId]);
    await requestSignInLink(db, { email: user.email, locale: 'en-GB' });
    const token = (await latestSignInToken(db, user.email))!;
    setClockOffset(15 * MINUTE + 1000);
    expect(await consumeSignInLink(db, token)).toEqual({ ok: false, reason: 'expired' });
    expect(await auditTypesOf(db, user.id)).toEqual(['staff:sign-in-refused']);
  });
});

describe('sessions', () => {
  it('end after 30 idle minutes, and use keeps them alive', async () => {
    const db = await getDb();
    const tenant = await createTenant('Idle');
    const user = await staffUser(db, [], [tenant.parentId]);
    const sessionId = await signInByEmail(db, user.email);
    setClockOffset(29 * MINUTE);
    expect(await loadStaffActor(db, sessionId)).not.toBeNull();
    setClockOffset(58 * MINUTE);
    expect(await loadStaffActor(db, sessionId)).not.toBeNull();
    setClockOffset(88 * MINUTE + 1000);
    expect(await loadStaffActor(db, sessionId)).toBeNull();
  });

  it('are marked seen at most once a minute: a page view is a read, and the idle clock runs from the mark', async () => {
    const db = await getDb();
    const tenant = await createTenant('Seen');
    const user = await staffUser(db, [], [tenant.parentId]);
    const sessionId = await signInByEmail(db, user.email);
    const seenAt = async () =>
      (await db.select().from(staffSessions).where(eq(staffSessions.id, sessionId)))[0]!.lastSeenAt.getTime();
    const signedIn = await seenAt();
    setClockOffset(59 * 1000);
    expect(await loadStaffActor(db, sessionId)).not.toBeNull();
    expect(await seenAt()).toBe(signedIn);
    setClockOffset(61 * 1000);
    expect(await loadStaffActor(db, sessionId)).not.toBeNull();
    expect(await seenAt()).toBeGreaterThanOrEqual(signedIn + 61 * 1000);
    // Used 30 s after the mark, idle from the mark: 30 minutes after it the session is over.
    setClockOffset(91 * 1000);
    expect(await loadStaffActor(db, sessionId)).not.toBeNull();
    setClockOffset(61 * 1000 + 30 * MINUTE + 1000);
    expect(await loadStaffActor(db, sessionId)).toBeNull();
  });

  it('end 12 hours after sign-in however busy', async () => {
    const db = await getDb();
    const tenant = await createTenant('Absolute');
    const user = await staffUser(db, [], [tenant.parentId]);
    const sessionId = await signInByEmail(db, user.email);
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      setClockOffset(minutes * MINUTE);
      expect(await loadStaffActor(db, sessionId)).not.toBeNull();
    }
    setClockOffset(12 * 60 * MINUTE + 1000);
    expect(await loadStaffActor(db, sessionId)).toBeNull();
  });

  it('sign out ends this session; sign out everywhere ends every one; both are audited', async () => {
    const db = await getDb();
    const tenant = await createTenant('SignOut');
    const user = await staffUser(db, [], [tenant.parentId]);
    const here = await signInByEmail(db, user.email);
    const there = await signInByEmail(db, user.email);
    const third = await signInByEmail(db, user.email);
    await signOut(db, (await loadStaffActor(db, here))!);
    expect(await loadStaffActor(db, here)).toBeNull();
    expect(await loadStaffActor(db, there)).not.toBeNull();
    await signOutEverywhere(db, (await loadStaffActor(db, there))!);
    expect(await loadStaffActor(db, there)).toBeNull();
    expect(await loadStaffActor(db, third)).toBeNull();
    expect(await auditTypesOf(db, user.id)).toEqual([
      'staff:sign-in',
      'staff:sign-in',
      'staff:sign-in',
      'staff:sign-out',
      'staff:sign-out-everywhere',
    ]);
  });

  it('are named by a sealed cookie: a forged or foreign value names none', async () => {
    const db = await getDb();
    const tenant = await createTenant('Cookie');
    const user = await staffUser(db, [], [tenant.parentId]);
    const sessionId = await signInByEmail(db, user.email);
    const sealed = await sealStaffSession(db, sessionId);
    expect(sealed).not.toContain(sessionId);
    expect(await unsealStaffSession(db, sealed)).toBe(sessionId);
    expect(await unsealStaffSession(db, sessionId)).toBeNull();
    expect(await unsealStaffSession(db, `${sealed.slice(0, -2)}xx`)).toBeNull();
    expect(await unsealStaffSession(db, undefined)).toBeNull();
  });
});
