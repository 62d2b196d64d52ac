import { and, count, desc, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope, requireOrganisation, requireRole } from '@/lib/auth/access';
import { suppliers } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { listPage } from '@/lib/http/list-result';
import { recordAudit } from '../audit/record-audit';
import { keywordParam, listParams } from '../shared/list-params';
import { containsInsensitive } from '../shared/sql-helpers';

export const listSuppliersSchema = listParams().extend({ keyword: keywordParam });
export const createSupplierSchema = z.object({
  organisation: z.string().trim().min(1),
  supplier_name: z.string().trim().min(1).max(255),
});

function serializeSupplier(s: typeof suppliers.$inferSelect) {
  // `name` repeats supplier_name under the name Felloh's SDK reads.
  return {
    id: s.id,
    supplier_name: s.supplierName,
    name: s.supplierName,
    organisation: s.organisationId,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export async function listSuppliers(db: Db, actor: Actor, input: z.output<typeof listSuppliersSchema>) {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const conditions: (SQL | undefined)[] = [inArray(suppliers.organisationId, scope)];
  if (input.keyword) conditions.push(containsInsensitive(suppliers.supplierName, input.keyword));
  const where = and(...conditions);
  const page = await listPage(
    input,
    (limit, offset) =>
      db
        .select()
        .from(suppliers)
        .where(where)
        .orderBy(desc(suppliers.createdAt), desc(suppliers.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(suppliers).where(where))[0]!.n,
  );
  return page.map(serializeSupplier);
}

/** Returns the created supplier (the interface leaves the answer open; the whole record is most useful). */
export async function createSupplier(db: Db, actor: Actor, input: z.output<typeof createSupplierSchema>) {
  requireOrganisation(actor, input.organisation);
  requireRole(actor, 'suppliers:manage');
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(suppliers)
      .values({ organisationId: input.organisation, supplierName: input.supplier_name })
      .returning();
    await recordAudit(tx, actor, {
      organisationId: input.organisation,
      type: 'supplier:create',
      entityId: created!.id,
    });
    return serializeSupplier(created!);
  });
}
