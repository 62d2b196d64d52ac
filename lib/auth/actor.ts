import { sql } from 'drizzle-orm';
import type { Role } from '@/lib/core/enums';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';

/**
 * Who is calling: an API key or a staff session (lib/core/staff/load-staff-actor.ts), the user
 * behind it, its roles and the organisations it reaches. Exactly one of apiKeyId and sessionId is set.
 */
export type Actor = {
  apiKeyId: string | null;
  /** The back office's session (docs/dashboard.md); null for an API key. */
  sessionId: string | null;
  userId: string;
  userEmail: string;
  roles: ReadonlySet<Role>;
  /** The organisation the key was issued for; for a session, the organisation in view. */
  rootOrganisationId: string;
  /** The root and all its descendants, each with its parent. */
  organisations: ReadonlyMap<string, { id: string; parentId: string | null }>;
};

type ActorRow = {
  api_key_id: string;
  user_id: string;
  email: string;
  key_roles: string[];
  user_roles: string[];
  organisation_id: string;
  orgs: { id: string; parent_id: string | null }[] | null;
};

/**
 * Loads the actor behind an API key in one round trip, or null when the key is
 * unknown or revoked, or when its user no longer belongs to the key's organisation
 * (nor to any organisation above it). Runs on every request, so revoking a key or
 * removing its user from the organisation takes effect at once.
 */
export async function loadActor(db: Db, apiKeyId: string): Promise<Actor | null> {
  const [row] = await queryRows<ActorRow>(
    db,
    sql`
    with recursive k as (
      select ak.id as api_key_id, ak.user_id, u.email, ak.roles as key_roles, u.roles as user_roles, ak.organisation_id
      from api_keys ak join users u on u.id = ak.user_id
      where ak.id = ${apiKeyId} and ak.revoked_at is null
    ), tree as (
      select o.id, o.parent_id from organisations o join k on o.id = k.organisation_id where o.deleted_at is null
      union all
      select c.id, c.parent_id from organisations c join tree t on c.parent_id = t.id where c.deleted_at is null
    ), ancestry as (
      select o.id, o.parent_id from organisations o join k on o.id = k.organisation_id
      union
      select p.id, p.parent_id from organisations p join ancestry a on p.id = a.parent_id
    )
    select k.*, (select json_agg(json_build_object('id', tree.id, 'parent_id', tree.parent_id)) from tree) as orgs from k
    where exists (select 1 from user_organisations uo join ancestry a on uo.organisation_id = a.id where uo.user_id = k.user_id)`,
  );
  if (!row || !row.orgs) return null;
  // A key never has more power than its user: its roles are the intersection.
  const userRoles = new Set(row.user_roles);
  return {
    apiKeyId: row.api_key_id,
    sessionId: null,
    userId: row.user_id,
    userEmail: row.email,
    roles: new Set(row.key_roles.filter((role) => userRoles.has(role)) as Role[]),
    rootOrganisationId: row.organisation_id,
    organisations: new Map(row.orgs.map((org) => [org.id, { id: org.id, parentId: org.parent_id }])),
  };
}
