import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Role } from '@/lib/core/enums';
import { organisationFeatures } from '@/lib/core/enums';
import { organisations, userOrganisations, users, type OrganisationSettings } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

/**
 * Operator-side provisioning: organisations and users are made by the operator
 * (sandbox seed, operator command), not through the public API.
 */
export async function createOrganisation(
  db: Executor,
  input: { id?: string; name: string; parentId?: string | null; country?: string; settings?: OrganisationSettings },
) {
  const [org] = await db
    .insert(organisations)
    .values({
      id: input.id ?? `org_${randomBytes(8).toString('hex')}`,
      name: input.name,
      parentId: input.parentId ?? null,
      country: input.country ?? 'GB',
      features: [...organisationFeatures],
      settings: input.settings ?? {},
    })
    .returning();
  return org!;
}

export async function createUser(
  db: Executor,
  input: { email: string; name: string; roles: readonly Role[]; organisationIds: string[] },
) {
  const [user] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, roles: [...input.roles] })
    .returning();
  if (input.organisationIds.length) {
    await db
      .insert(userOrganisations)
      .values(input.organisationIds.map((organisationId) => ({ userId: user!.id, organisationId })));
  }
  return user!;
}

/**
 * The user leaves the organisation: their API keys for it (and for organisations
 * below it reached only through it) stop working on the next request (lib/auth/actor.ts).
 * Returns whether there was a membership to remove.
 */
export async function removeUserFromOrganisation(
  db: Executor,
  input: { userId: string; organisationId: string },
): Promise<boolean> {
  const removed = await db
    .delete(userOrganisations)
    .where(and(eq(userOrganisations.userId, input.userId), eq(userOrganisations.organisationId, input.organisationId)))
    .returning({ userId: userOrganisations.userId });
  return removed.length > 0;
}
