import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation } from '@/lib/auth/access';
import { paymentLinkGroups } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';

/** A group the actor reaches; another organisation's group is the same 404 as an unknown id. */
export async function requireAccessibleGroup(
  db: Executor,
  actor: Actor,
  groupId: string,
): Promise<{ id: string; organisationId: string }> {
  const [group] = await db
    .select({ id: paymentLinkGroups.id, organisationId: paymentLinkGroups.organisationId })
    .from(paymentLinkGroups)
    .where(eq(paymentLinkGroups.id, groupId));
  if (!group || !canAccessOrganisation(actor, group.organisationId)) throw notFound('Group payment link');
  return group;
}
