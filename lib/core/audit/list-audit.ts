import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { hasRole, organisationScope, requireRole } from '@/lib/auth/access';
import { auditRecords, organisations, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { toPage } from '@/lib/http/list-result';
import { keywordParam, listParams } from '../shared/list-params';
import { containsInsensitive } from '../shared/sql-helpers';

export const listAuditSchema = listParams({ defaultTake: 20, maxTake: 200 }).extend({
  keyword: keywordParam,
  user: z.uuid().optional(),
});

/** Newest first; without organisation:audit a key sees only its own user's events. */
export async function listAudit(db: Db, actor: Actor, input: z.output<typeof listAuditSchema>) {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const conditions: SQL[] = [inArray(auditRecords.organisationId, scope)];
  if (input.user) {
    requireRole(actor, 'organisation:audit');
    conditions.push(eq(auditRecords.userId, input.user));
  } else if (!hasRole(actor, 'organisation:audit')) {
    conditions.push(eq(auditRecords.userId, actor.userId));
  }
  if (input.keyword) conditions.push(containsInsensitive(auditRecords.type, input.keyword));
  const rows = await db
    .select({
      id: auditRecords.id,
      type: auditRecords.type,
      entityId: auditRecords.entityId,
      createdAt: auditRecords.createdAt,
      userId: users.id,
      userEmail: users.email,
      organisationId: organisations.id,
      organisationName: organisations.name,
      organisationImage: organisations.image,
    })
    .from(auditRecords)
    .innerJoin(organisations, eq(organisations.id, auditRecords.organisationId))
    .leftJoin(users, eq(users.id, auditRecords.userId))
    .where(and(...conditions))
    .orderBy(desc(auditRecords.createdAt), desc(auditRecords.sequence))
    .limit(input.take + 1)
    .offset(input.skip);
  return toPage(
    rows.map((row) => ({
      id: row.id,
      type: row.type,
      entity_id: row.entityId,
      created_at: row.createdAt.toISOString(),
      user: row.userId ? { id: row.userId, email: row.userEmail } : null,
      organisation: { id: row.organisationId, name: row.organisationName, image: row.organisationImage },
    })),
    input.take,
  );
}
