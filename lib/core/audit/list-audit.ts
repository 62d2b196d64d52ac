import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { hasRole, organisationScope, requireRole } from '@/lib/auth/access';
import { auditRecords, organisations, users } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { listPage } from '@/lib/http/list-result';
import { keywordParam, listParams } from '../shared/list-params';
import { containsInsensitive } from '../shared/sql-helpers';

export const listAuditSchema = listParams({ defaultTake: 20, maxTake: 200 }).extend({
  keyword: keywordParam,
  user: z.uuid().optional(),
});

/** The name the audit trail gives the service itself (the runner, the operator command). */
export const SERVICE_NAME = 'travel-pay service';

export type AuditRow = {
  id: string;
  type: string;
  entityId: string;
  createdAt: Date;
  actorKind: string;
  actorEmail: string | null;
  userId: string | null;
  userEmail: string | null;
  userName: string | null;
  organisationId: string;
  organisationName: string;
  organisationImage: string | null;
};

/**
 * `user` is always an object (Felloh's SDK reads `user.id` and `user.email`):
 * the API key's user, the customer who paid or approved (`id` null, their
 * email), or the service (`id` and `email` null). `kind` says which.
 */
function serializeAuditUser(row: AuditRow) {
  if (row.actorKind === 'customer') return { id: null, email: row.actorEmail, name: null, kind: 'customer' };
  if (row.actorKind === 'service' || !row.userId) return { id: null, email: null, name: SERVICE_NAME, kind: 'service' };
  return { id: row.userId, email: row.userEmail, name: row.userName, kind: 'user' };
}

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
  const where = and(...conditions);
  const page = await listPage<AuditRow>(
    input,
    (limit, offset) =>
      selectAudit(db)
        .where(where)
        .orderBy(desc(auditRecords.createdAt), desc(auditRecords.sequence))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(auditRecords).where(where))[0]!.n,
  );
  return page.map(serializeAuditRecord);
}

/** Audit records with who acted and their organisation: what every audit answer is built from. */
export function selectAudit(db: Executor) {
  return db
    .select({
      id: auditRecords.id,
      type: auditRecords.type,
      entityId: auditRecords.entityId,
      createdAt: auditRecords.createdAt,
      actorKind: auditRecords.actorKind,
      actorEmail: auditRecords.actorEmail,
      userId: users.id,
      userEmail: users.email,
      userName: users.name,
      organisationId: organisations.id,
      organisationName: organisations.name,
      organisationImage: organisations.image,
    })
    .from(auditRecords)
    .innerJoin(organisations, eq(organisations.id, auditRecords.organisationId))
    .leftJoin(users, eq(users.id, auditRecords.userId));
}

/** An audit record as GET /agent/audit lists it. */
export function serializeAuditRecord(row: AuditRow) {
  return {
    id: row.id,
    type: row.type,
    entity_id: row.entityId,
    created_at: row.createdAt.toISOString(),
    user: serializeAuditUser(row),
    organisation: { id: row.organisationId, name: row.organisationName, image: row.organisationImage },
  };
}

/** The records an actor may read: all with organisation:audit, else only their own user's (as the list). */
export function auditVisibleTo(actor: Actor): SQL | undefined {
  return auditVisibility(hasRole(actor, 'organisation:audit'), actor.userId);
}

/** auditVisibleTo from its two facts: whether the actor reads every record, and who they are. */
export function auditVisibility(all: boolean, userId: string): SQL | undefined {
  return all ? undefined : eq(auditRecords.userId, userId);
}
