import { getDb } from '@/lib/db/client';
import { portalGroupId } from '@/lib/http/portal-paths';
import { portalTokenVersion } from './portal-token';
import { readPortalSession, sealPortalSession, withGroup } from './portal-session';

export type PortalEntry = {
  /** The same page without `token` (relative: the browser stays on the host it asked). */
  location: string;
  /** The new session cookie's value when the token was the group's; null when it was not. */
  session: string | null;
};

/**
 * proxy.ts's entry for `portal_url` (`/groups/{id}?token=...`): a token of the
 * group's current version, not expired, joins the group (with that version) to the browser's portal session; valid or not, the token
 * leaves the address bar (a 303 to the clean URL), so it is never kept in
 * history, bookmarks or a Referer. Null for any other request.
 */
export async function portalEntry(
  pathname: string,
  search: URLSearchParams,
  sessionCookie: string | undefined,
): Promise<PortalEntry | null> {
  const groupId = portalGroupId(pathname);
  const token = search.get('token');
  if (!groupId || token === null) return null;
  const rest = new URLSearchParams(search);
  rest.delete('token');
  const query = rest.toString();
  const location = `${pathname}${query ? `?${query}` : ''}`;
  const db = await getDb();
  const version = token && token.length <= 200 ? await portalTokenVersion(db, groupId, token) : null;
  if (version === null) return { location, session: null };
  return {
    location,
    session: await sealPortalSession(db, withGroup(await readPortalSession(db, sessionCookie), groupId, version)),
  };
}
