import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireOrganisation } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { organisations, staffSessions, userOrganisations } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { recordAudit } from '../audit/record-audit';
import { passkeysRequiredFor } from './passkeys/passkey-policy';
import { SESSION_ABSOLUTE_MS, later } from './staff-times';

/**
 * How a session began: the emailed link, (sandbox only) the home page's one-click sign-in, or a passkey.
 * 'link-enrol' is a link sign-in of a user whose organisation requires passkeys: that
 * session may only register a passkey and sign out (docs/dashboard-passkeys.md).
 */
export type SignInMethod = 'link' | 'sandbox' | 'passkey' | 'link-enrol';
export const ENROLMENT_METHOD = 'link-enrol' satisfies SignInMethod;

/** The organisation a new session shows first: the user's oldest membership (null: they belong to none). */
export async function firstOrganisation(tx: Executor, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: organisations.id })
    .from(userOrganisations)
    .innerJoin(organisations, eq(organisations.id, userOrganisations.organisationId))
    .where(and(eq(userOrganisations.userId, userId), isNull(organisations.deletedAt)))
    .orderBy(organisations.createdAt, organisations.id)
    .limit(1);
  return row?.id ?? null;
}

/**
 * A new session for `userId`, audited as `staff:sign-in` in the organisation it shows first. Call it in the
 * transaction that proved who the user is (the claimed link), so the proof and the session land together.
 * Null when the user belongs to no organisation any more.
 */
export async function startSession(tx: Executor, userId: string, asked: SignInMethod): Promise<string | null> {
  const organisationId = await firstOrganisation(tx, userId);
  if (!organisationId) return null;
  // Where passkeys are required, an emailed link proves only enough to register one. The sandbox one-click
  // sign-in is not held to it: it exists only in sandbox mode, to try the product, and proves nothing anyway.
  const method = asked === 'link' && (await passkeysRequiredFor(tx, userId)) ? ENROLMENT_METHOD : asked;
  const at = now();
  const [session] = await tx
    .insert(staffSessions)
    .values({
      userId,
      organisationId,
      method,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: later(at, SESSION_ABSOLUTE_MS),
    })
    .returning({ id: staffSessions.id });
  await recordAudit(tx, { userId, apiKeyId: null }, { organisationId, type: 'staff:sign-in', entityId: session!.id });
  return session!.id;
}

/** Ends the actor's own session (sign out). */
export async function signOut(db: Db, actor: Actor): Promise<void> {
  if (!actor.sessionId) return;
  const sessionId = actor.sessionId;
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(staffSessions)
      .set({ endedAt: now() })
      .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)))
      .returning({ id: staffSessions.id });
    if (ended.length)
      await recordAudit(tx, actor, {
        organisationId: actor.rootOrganisationId,
        type: 'staff:sign-out',
        entityId: sessionId,
      });
  });
}

/** Ends every open session of `userId` (sign out everywhere; a removed user); answers how many. */
export async function endUserSessions(tx: Executor, userId: string): Promise<number> {
  const ended = await tx
    .update(staffSessions)
    .set({ endedAt: now() })
    .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.endedAt)))
    .returning({ id: staffSessions.id });
  return ended.length;
}

/** Sign out everywhere: every browser the actor's user is signed in on, this one included. */
export async function signOutEverywhere(db: Db, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const count = await endUserSessions(tx, actor.userId);
    await recordAudit(tx, actor, {
      organisationId: actor.rootOrganisationId,
      type: 'staff:sign-out-everywhere',
      entityId: actor.userId,
    });
    return count;
  });
}

/** The switcher: the session shows `organisationId`, one of the actor's (else the API's 403). */
export async function switchOrganisation(db: Executor, actor: Actor, organisationId: string): Promise<void> {
  requireOrganisation(actor, organisationId);
  if (!actor.sessionId) return;
  await db
    .update(staffSessions)
    .set({ organisationId })
    .where(and(eq(staffSessions.id, actor.sessionId), isNull(staffSessions.endedAt)));
}
