import { sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireOrganisation, requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Db, Executor } from '@/lib/db/types';
import { recordAudit } from '../../audit/record-audit';

/*
 * The organisation setting `staff_passkeys_required`. It covers the organisation's own users (their
 * membership is in it) and, as the switcher reaches down the tree, the users of every organisation below it:
 * a parent's requirement holds its children's staff too. A user of several organisations needs a passkey if
 * any of them, or any organisation above one of them, requires it. Enforced at sign-in (startSession) and at
 * every session's load (load-staff-actor.ts), so a link session open when the requirement came is held too.
 */

/**
 * A recursive CTE `up` (for a `with recursive` list): the organisations whose requirement covers a user, their
 * memberships and every organisation above them, each with its `required`. `userId` is SQL naming the user
 * (a parameter, or a subquery of the statement it is part of).
 */
export const coveringOrganisations = (userId: ReturnType<typeof sql>) => sql`
  up as (
    select o.id, o.parent_id, coalesce((o.settings->>'staff_passkeys_required')::boolean, false) as required
    from user_organisations uo join organisations o on o.id = uo.organisation_id
    where uo.user_id = ${userId} and o.deleted_at is null
    union
    select p.id, p.parent_id, coalesce((p.settings->>'staff_passkeys_required')::boolean, false)
    from organisations p join up on p.id = up.parent_id where p.deleted_at is null
  )`;

/** Whether `userId` belongs to an organisation that requires passkeys, or to one below such an organisation. */
export async function passkeysRequiredFor(tx: Executor, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ required: boolean }>(
    tx,
    sql`with recursive ${coveringOrganisations(sql`${userId}::uuid`)} select exists (select 1 from up where required) as required`,
  );
  return Boolean(row?.required);
}

/** Whether `organisationId` (one of the actor's) requires passkeys. */
export async function organisationRequiresPasskeys(
  db: Executor,
  actor: Actor,
  organisationId: string,
): Promise<boolean> {
  requireOrganisation(actor, organisationId);
  const [row] = await queryRows<{ required: boolean | null }>(
    db,
    sql`select (settings->>'staff_passkeys_required')::boolean as required from organisations where id = ${organisationId}`,
  );
  return Boolean(row?.required);
}

/**
 * Turns the requirement on or off (organisation:management), audited as a settings change. It holds the
 * organisation's users and those of the organisations below it from their next request: a session begun with
 * an emailed link may then only register a passkey (load-staff-actor.ts).
 */
export async function setPasskeysRequired(db: Db, actor: Actor, organisationId: string, required: boolean) {
  requireOrganisation(actor, organisationId);
  requireRole(actor, 'organisation:management');
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update organisations set settings = settings || jsonb_build_object('staff_passkeys_required', ${required}::boolean),
          updated_at = ${now().toISOString()}::timestamptz where id = ${organisationId}`,
    );
    await recordAudit(tx, actor, { organisationId, type: 'organisation:update-settings', entityId: organisationId });
  });
}
