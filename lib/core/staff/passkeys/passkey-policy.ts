import { sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireOrganisation, requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Db, Executor } from '@/lib/db/types';
import { recordAudit } from '../../audit/record-audit';

/*
 * The organisation setting `staff_passkeys_required`. It covers the organisation's own users (their
 * membership is in it); a user of several organisations needs a passkey if any of them requires it.
 * A parent's setting does not reach a child's users: the admin switches to the child to set it there.
 */

/** Whether `userId` belongs to an organisation that requires passkeys. */
export async function passkeysRequiredFor(tx: Executor, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ required: boolean }>(
    tx,
    sql`select exists (
      select 1 from user_organisations uo join organisations o on o.id = uo.organisation_id
      where uo.user_id = ${userId}::uuid and o.deleted_at is null
        and coalesce((o.settings->>'staff_passkeys_required')::boolean, false)
    ) as required`,
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
 * Turns the requirement on or off (organisation:management), audited as a settings change. It applies from
 * each user's next sign-in: sessions already open keep going until they end.
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
