import { sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Role } from '@/lib/core/enums';
import { now } from '@/lib/clock';
import { keptRows } from '@/lib/db/kept-rows';
import type { Db } from '@/lib/db/types';
import { coveringOrganisations } from './passkeys/passkey-policy';
import { ENROLMENT_METHOD } from './staff-sessions';
import { SESSION_IDLE_MS, SESSION_SEEN_GRANULARITY_MS, earlier } from './staff-times';

/** A signed-in member of staff: the Actor the rest of lib/core accepts, and their name for the page. */
export type StaffActor = Actor & {
  sessionId: string;
  userName: string;
  /** How the session began (staff-sessions.ts); 'link-enrol' may only register a passkey and sign out. */
  signInMethod: string;
  /** The organisations in reach with their names, in the switcher's order (read with the session: no second statement). */
  organisationList: { id: string; name: string; parentId: string | null }[];
};

type Row = {
  session_id: string;
  user_id: string;
  email: string;
  name: string;
  roles: string[];
  organisation_id: string;
  method: string;
  passkey_required: boolean;
  orgs: { id: string; parent_id: string | null; name: string }[] | null;
};

/**
 * The actor behind a session, loaded on every request as loadActor loads a key's, in one round trip;
 * null when the session is unknown, ended, idle past SESSION_IDLE_MS or past its absolute expiry, or
 * when its user belongs to no organisation any more. The same statement marks the session seen, so
 * idleness is judged and renewed under one guard. Roles are the user's as they are now, and the
 * organisations those the user's memberships reach now (each and its descendants): removing a user
 * or a role takes effect at their next request. An organisation in view that is out of reach gives
 * way to the first that is not.
 * The session is marked seen only when it was last marked over SESSION_SEEN_GRANULARITY_MS ago: a page
 * view is a read, and writing the row on each one (a commit, a WAL flush) was the dearest part of loading
 * a signed-in page under load (docs/dashboard-bookings.md "Benchmark"). Idleness is judged on the stored
 * mark, so a session ends between 29 and 30 minutes after its last use rather than at exactly 30.
 */
export async function loadStaffActor(db: Db, sessionId: string): Promise<StaffActor | null> {
  const at = now();
  // Kept (kept-rows.ts): the same text on every request, planned once by the database instead of on each page view.
  const [row] = await keptRows<Row>(
    db,
    sql`
    with recursive s as (
      select id, user_id, organisation_id, method, last_seen_at from staff_sessions
      where id = ${sessionId}::uuid and ended_at is null and expires_at > ${at.toISOString()}::timestamptz
        and last_seen_at > ${earlier(at, SESSION_IDLE_MS).toISOString()}::timestamptz
    ), seen as (
      -- A data-modifying WITH runs whether or not the query reads it; it writes nothing when seen lately.
      update staff_sessions set last_seen_at = ${at.toISOString()}::timestamptz
      where id in (select id from s where last_seen_at <= ${earlier(at, SESSION_SEEN_GRANULARITY_MS).toISOString()}::timestamptz)
        and ended_at is null
      returning id
    ), tree as (
      select o.id, o.parent_id, o.name, o.created_at from organisations o
      join user_organisations uo on uo.organisation_id = o.id join s on uo.user_id = s.user_id
      where o.deleted_at is null
      union
      select c.id, c.parent_id, c.name, c.created_at from organisations c join tree t on c.parent_id = t.id where c.deleted_at is null
    ), ${coveringOrganisations(sql`(select user_id from s)`)}
    select s.id as session_id, s.user_id, u.email, u.name, u.roles, s.organisation_id, s.method,
      -- Read only for a link session (the one kind a passkey requirement holds), so other loads pay nothing for it.
      case when s.method = 'link' then exists (select 1 from up where up.required) else false end as passkey_required,
      (select json_agg(json_build_object('id', tree.id, 'parent_id', tree.parent_id, 'name', tree.name)
        order by tree.created_at, tree.id) from tree) as orgs
    from s join users u on u.id = s.user_id`,
  );
  if (!row || !row.orgs) return null;
  const reach = new Map(row.orgs.map((org) => [org.id, { id: org.id, parentId: org.parent_id }]));
  return {
    apiKeyId: null,
    sessionId: row.session_id,
    userId: row.user_id,
    userEmail: row.email,
    userName: row.name,
    // A link session of a user whom a passkey requirement now covers (their organisation's or one above it,
    // turned on since the sign-in) may only register a passkey from this request on (passkey-policy.ts).
    signInMethod: row.method === 'link' && row.passkey_required ? ENROLMENT_METHOD : row.method,
    roles: new Set(row.roles as Role[]),
    rootOrganisationId: reach.has(row.organisation_id) ? row.organisation_id : row.orgs[0]!.id,
    organisations: reach,
    organisationList: row.orgs.map((org) => ({ id: org.id, name: org.name, parentId: org.parent_id })),
  };
}
