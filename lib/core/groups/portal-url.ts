import type { OrganisationSettings } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { hostedOrigin } from './hosted-origin';
import { portalToken } from './portal-token';

/** The leader's portal address (docs/groups.md "Portal URL and custom domains"). */
export async function portalUrl(db: Db, groupId: string, settings: Pick<OrganisationSettings, 'portal_domain'>): Promise<string> {
  return `${hostedOrigin(settings)}/groups/${groupId}?token=${await portalToken(db, groupId)}`;
}
