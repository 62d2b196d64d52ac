import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { requireOrganisation, requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { roles as allRoles, type Role } from '@/lib/core/enums';
import { apiKeys, userOrganisations, users } from '@/lib/db/schema';
import type { Db, Tx } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { isUuid } from '../shared/is-uuid';
import { sendSignInLink } from './request-sign-in-link';
import { removeUserPasskeys } from './passkeys/manage-passkeys';
import { endUserSessions } from './staff-sessions';

/*
 * The Users page (users:manage): the users of the organisation in view, invited by email with
 * roles, their roles changed, removed. Roles are the user's (users.roles), so they hold wherever
 * the user belongs; a change or a removal takes effect at the user's next request, because every
 * request loads the user's roles and memberships afresh (load-staff-actor.ts, lib/auth/actor.ts).
 */

export const roleList = z.array(z.enum(allRoles)).max(allRoles.length);
export const inviteUserSchema = z.object({
  email: z.email().max(320),
  name: z.string().trim().min(1).max(200),
  roles: roleList,
});

/** The organisation's members, by name, with their roles. */
export async function listOrganisationUsers(db: Db, actor: Actor, organisationId: string) {
  requireRole(actor, 'users:manage');
  requireOrganisation(actor, organisationId);
  return db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles })
    .from(userOrganisations)
    .innerJoin(users, eq(users.id, userOrganisations.userId))
    .where(eq(userOrganisations.organisationId, organisationId))
    .orderBy(asc(users.name), asc(users.email));
}

/** Nobody gives a role they do not hold (as a new API key's roles: lib/core/api-keys). */
function requireHeld(actor: Actor, wanted: readonly Role[]) {
  const missing = wanted.find((role) => !actor.roles.has(role));
  if (missing) throw new AppError('user.role_not_held', `You cannot give the role ${missing}: you do not hold it.`);
}

/** Invites a new user into the organisation with `roles` and emails them a sign-in link, in one transaction. */
export async function inviteUser(
  db: Db,
  actor: Actor,
  organisationId: string,
  input: z.output<typeof inviteUserSchema> & { locale: string },
): Promise<{ id: string }> {
  requireRole(actor, 'users:manage');
  requireOrganisation(actor, organisationId);
  requireHeld(actor, input.roles);
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // The unique index decides between two invitations racing for one address.
    const [user] = await tx
      .insert(users)
      .values({ email, name: input.name, roles: [...new Set(input.roles)] })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    const taken =
      !user ||
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${email}`)
      ).length > 1;
    if (taken) throw new AppError('user.email_taken', `${email} is already a user of the service.`);
    await tx.insert(userOrganisations).values({ userId: user.id, organisationId });
    await sendSignInLink(tx, {
      userId: user.id,
      userName: input.name,
      locale: input.locale,
      invited: true,
      organisationId,
    });
    await recordAudit(tx, actor, { organisationId, type: 'user:invite', entityId: user.id });
    return { id: user.id };
  });
}

/** The member `userId` of the organisation, locked for the change; the API's 404 for anyone else. */
async function lockMember(tx: Tx, actor: Actor, organisationId: string, userId: string) {
  requireRole(actor, 'users:manage');
  requireOrganisation(actor, organisationId);
  if (!isUuid(userId)) throw notFound('User');
  const [member] = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .innerJoin(userOrganisations, eq(userOrganisations.userId, users.id))
    .where(and(eq(users.id, userId), eq(userOrganisations.organisationId, organisationId)))
    .for('update', { of: users });
  if (!member) throw notFound('User');
  return member;
}

/** Sets the member's roles. A user who also belongs outside the actor's reach keeps their roles (they hold there too). */
export async function changeUserRoles(db: Db, actor: Actor, organisationId: string, userId: string, wanted: Role[]) {
  requireHeld(actor, wanted);
  await db.transaction(async (tx) => {
    await lockMember(tx, actor, organisationId, userId);
    const memberships = await tx
      .select({ organisationId: userOrganisations.organisationId })
      .from(userOrganisations)
      .where(eq(userOrganisations.userId, userId));
    if (memberships.some((row) => !actor.organisations.has(row.organisationId)))
      throw new AppError('user.shared', 'The user also belongs to an organisation you cannot reach.');
    await tx
      .update(users)
      .set({ roles: [...new Set(wanted)], updatedAt: now() })
      .where(eq(users.id, userId));
    await recordAudit(tx, actor, { organisationId, type: 'user:update-roles', entityId: userId });
  });
}

/**
 * Removes the member from the organisation: every session of theirs ends and their API keys for the
 * organisation (and the organisations below it) are revoked, in the same transaction.
 */
export async function removeUser(db: Db, actor: Actor, organisationId: string, userId: string) {
  if (userId === actor.userId) throw new AppError('user.self', 'You cannot remove yourself.');
  await db.transaction(async (tx) => {
    await lockMember(tx, actor, organisationId, userId);
    await tx
      .delete(userOrganisations)
      .where(and(eq(userOrganisations.userId, userId), eq(userOrganisations.organisationId, organisationId)));
    await endUserSessions(tx, userId);
    // Their passkeys too: a removed user signs in again only by a new invitation's link.
    await removeUserPasskeys(tx, userId);
    const below = [...actor.organisations.values()]
      .filter((org) => isWithin(actor, org.id, organisationId))
      .map((org) => org.id);
    await tx
      .update(apiKeys)
      .set({ revokedAt: now() })
      .where(and(eq(apiKeys.userId, userId), inArray(apiKeys.organisationId, below), isNull(apiKeys.revokedAt)));
    await recordAudit(tx, actor, { organisationId, type: 'user:remove', entityId: userId });
  });
}

/** Whether `id` is `ancestorId` or below it in the actor's tree. */
function isWithin(actor: Actor, id: string, ancestorId: string): boolean {
  for (let at: string | null | undefined = id; at; at = actor.organisations.get(at)?.parentId)
    if (at === ancestorId) return true;
  return false;
}
