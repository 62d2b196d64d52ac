import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { staffPasskeys } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { recordAudit } from '../../audit/record-audit';

/** The actor's own passkeys, oldest first (a person sees and removes only their own). */
export async function listOwnPasskeys(db: Executor, actor: Actor) {
  const rows = await db
    .select({
      id: staffPasskeys.id,
      name: staffPasskeys.name,
      createdAt: staffPasskeys.createdAt,
      lastUsedAt: staffPasskeys.lastUsedAt,
    })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.userId, actor.userId))
    .orderBy(asc(staffPasskeys.createdAt), asc(staffPasskeys.id));
  return rows;
}

/** Removes one of the actor's passkeys; another user's (or an unknown id) is the API's 404. */
export async function removeOwnPasskey(db: Db, actor: Actor, passkeyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(staffPasskeys)
      .where(and(eq(staffPasskeys.id, passkeyId), eq(staffPasskeys.userId, actor.userId)))
      .returning({ id: staffPasskeys.id });
    if (!removed.length) throw notFound('Passkey');
    await recordAudit(tx, actor, {
      organisationId: actor.rootOrganisationId,
      type: 'staff:passkey-remove',
      entityId: passkeyId,
    });
  });
}

/** A removed user's passkeys go with their membership (organisation-users.ts calls this when it ends their sessions). */
export async function removeUserPasskeys(tx: Executor, userId: string): Promise<number> {
  const removed = await tx
    .delete(staffPasskeys)
    .where(eq(staffPasskeys.userId, userId))
    .returning({ id: staffPasskeys.id });
  return removed.length;
}
