import { getDb } from '@/lib/db/client';
import { consumeSignInLink, type SignInOutcome } from './consume-sign-in-link';
import { loadStaffActor, type StaffActor } from './load-staff-actor';
import { listOrganisationUsers } from './organisation-users';
import { requestSignInLink } from './request-sign-in-link';
import { sealStaffSession, unsealStaffSession } from './session-cookie';

/*
 * The back office's entry points for pages and actions (app/[locale]/dashboard), which hold the
 * cookie but never the database: each opens the service's database itself, as the hosted pages'
 * entries do (lib/core/groups/hosted-portal.ts).
 */

/** The member of staff a cookie signs in, or null (no cookie, or its session is over). */
export async function staffFromCookie(cookie: string | undefined): Promise<StaffActor | null> {
  const db = await getDb();
  const sessionId = await unsealStaffSession(db, cookie);
  return sessionId ? loadStaffActor(db, sessionId) : null;
}

/** The cookie value for a new session. */
export async function staffCookieFor(sessionId: string): Promise<string> {
  return sealStaffSession(await getDb(), sessionId);
}

export async function requestStaffSignInLink(email: string, locale: string): Promise<void> {
  await requestSignInLink(await getDb(), { email, locale });
}

export async function redeemStaffSignInLink(token: string): Promise<SignInOutcome> {
  return consumeSignInLink(await getDb(), token);
}

/** The organisations the switcher offers (the actor's reach), by name: read with the session (loadStaffActor). */
export async function staffOrganisations(
  actor: StaffActor,
): Promise<{ id: string; name: string; parentId: string | null }[]> {
  return actor.organisationList;
}

/** The Users page's list (users:manage, else the API's 403). */
export async function organisationUsersFor(actor: StaffActor) {
  return listOrganisationUsers(await getDb(), actor, actor.rootOrganisationId);
}
