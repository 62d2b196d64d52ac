import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import type { Db } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { loadGroupRows } from './load-group';
import { portalUrl } from './portal-url';
import { serializeGroup, serializeMembers, type GroupResource } from './serialize-group';

/**
 * A group as the interface shows it, or null when there is none. No access
 * check: the API wraps it in getGroup, the portal calls it after checking the
 * leader's session for this group.
 */
export async function loadGroup(db: Db, groupId: string): Promise<GroupResource | null> {
  const { header, rows } = await loadGroupRows(db, groupId);
  if (!header) return null;
  return serializeGroup(header, serializeMembers(rows, now()), await portalUrl(db, header.id, header.settings));
}

/** GET /agent/payment-link-groups/{id}: another organisation's group is the same 404 as an unknown id. */
export async function getGroup(db: Db, actor: Actor, groupId: string): Promise<GroupResource> {
  const group = await loadGroup(db, groupId);
  if (!group || !canAccessOrganisation(actor, group.organisation.id)) throw notFound('Group payment link');
  return group;
}
