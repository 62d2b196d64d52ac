import { asc, inArray } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { organisations } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

const featureNames: Record<string, string> = {
  'booking-and-payment': 'Booking and payment',
  'acquirer-reporting': 'Acquirer reporting',
  'supplier-payouts': 'Supplier payouts',
};
const featureName = (machineName: string) =>
  featureNames[machineName] ?? machineName.charAt(0).toUpperCase() + machineName.slice(1);

/**
 * The organisations this key reaches. `parent` is the parent's id, or the
 * object {id, name} when the parent is reachable too.
 */
export async function listOrganisations(db: Db, actor: Actor) {
  const rows = await db
    .select()
    .from(organisations)
    .where(inArray(organisations.id, [...actor.organisations.keys()]))
    .orderBy(asc(organisations.createdAt), asc(organisations.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return rows.map((org) => {
    const parent = org.parentId ? byId.get(org.parentId) : undefined;
    return {
      id: org.id,
      name: org.name,
      parent: parent ? { id: parent.id, name: parent.name } : org.parentId,
      currencies: org.currencies,
      deleted_at: null,
      features: org.features.map((machineName) => ({
        id: machineName,
        machine_name: machineName,
        name: featureName(machineName),
        created_at: org.createdAt.toISOString(),
      })),
      image: org.image,
      legacy_id: org.legacyId,
      payment_methods: org.paymentMethods,
      created_at: org.createdAt.toISOString(),
      updated_at: org.updatedAt.toISOString(),
    };
  });
}
