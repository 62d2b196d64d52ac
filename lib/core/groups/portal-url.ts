import type { OrganisationSettings } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { hostedOrigin } from './hosted-origin';
import { portalToken, portalTokenState } from './portal-token';

/**
 * The leader's portal address (docs/groups.md "Portal URL and custom domains") with the token of
 * the group's current version; `version` when the caller already has it (the rotation).
 */
export async function portalUrl(
  db: Db,
  groupId: string,
  settings: Pick<OrganisationSettings, 'portal_domain'>,
  version?: number,
): Promise<string> {
  const current = version ?? (await portalTokenState(db, groupId))?.version ?? 1;
  return `${hostedOrigin(settings)}/groups/${groupId}?token=${await portalToken(db, groupId, current)}`;
}
