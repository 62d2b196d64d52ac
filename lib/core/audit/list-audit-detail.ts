import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { staffSessions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { listAudit, type listAuditSchema } from './list-audit';

/**
 * The back office's audit trail (organisation:audit): GET /agent/audit's list with its filters, each
 * `staff:sign-in` record completed with how the session began (`method`: link, passkey, sandbox, or
 * link-enrol). The record names the session, written in the same transaction, so its method is the one
 * the sign-in used.
 */
export async function listAuditWithDetail(db: Db, actor: Actor, input: z.output<typeof listAuditSchema>) {
  requireRole(actor, 'organisation:audit');
  const page = await listAudit(db, actor, input);
  const sessionIds = page.items.filter((item) => item.type === 'staff:sign-in').map((item) => item.entity_id);
  const methods = new Map(
    sessionIds.length
      ? (
          await db
            .select({ id: staffSessions.id, method: staffSessions.method })
            .from(staffSessions)
            .where(inArray(staffSessions.id, sessionIds))
        ).map((row) => [row.id, row.method])
      : [],
  );
  return page.map((item) => ({ ...item, method: methods.get(item.entity_id) ?? null }));
}
