import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { dashboardPath, signInPath } from '@/lib/core/staff/dashboard-paths';
import { ENROLMENT_METHOD } from '@/lib/core/staff/staff-sessions';
import type { StaffActor } from '@/lib/core/staff/load-staff-actor';
import { STAFF_SESSION_COOKIE, staffCookieAttributes } from '@/lib/core/staff/session-cookie';
import { staffCookieFor, staffFromCookie } from '@/lib/core/staff/staff-request';

/** The signed-in member of staff, once per request (the layout and the page ask alike), or null. */
export const currentStaff = cache(async (): Promise<StaffActor | null> =>
  staffFromCookie((await cookies()).get(STAFF_SESSION_COOKIE)?.value),
);

/**
 * Every back-office page's loader: the member of staff, or a redirect to the sign-in page. A page
 * hides what the actor's roles cannot do; its actions check again (dashboard-action.ts).
 * A session that may only register a passkey (its organisation requires passkeys and it began with a
 * link: docs/dashboard-passkeys.md) reaches the account page only; the shell and that page opt in.
 */
export async function requireStaff(locale: string, options: { enrolment?: boolean } = {}): Promise<StaffActor> {
  const staff = await currentStaff();
  if (!staff) redirect(signInPath(locale));
  if (staff.signInMethod === ENROLMENT_METHOD && !options.enrolment) redirect(dashboardPath(locale, '/account'));
  return staff;
}

/**
 * The member of staff for a read a script asks for (no page to redirect): null when signed out or when the session may
 * only register a passkey, as requireStaff would refuse it.
 */
export async function staffForRead(): Promise<StaffActor | null> {
  const staff = await currentStaff();
  return staff && staff.signInMethod !== ENROLMENT_METHOD ? staff : null;
}

/** Puts session `sessionId` into the browser (an action's response). */
export async function setStaffCookie(sessionId: string): Promise<void> {
  (await cookies()).set(STAFF_SESSION_COOKIE, await staffCookieFor(sessionId), staffCookieAttributes);
}

export async function clearStaffCookie(): Promise<void> {
  (await cookies()).set(STAFF_SESSION_COOKIE, '', { ...staffCookieAttributes, maxAge: 0 });
}
