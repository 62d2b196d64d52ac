import { count, desc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope, requireRole } from '@/lib/auth/access';
import { chargebacks } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { listPage } from '@/lib/http/list-result';
import { listParams } from '../shared/list-params';
import { selectChargebacks, serializeChargeback } from './chargeback-query';

/** The list conventions (organisation, skip, take ≤ 25, show-child-organisations); the SDK's `type` is ignored. */
export const listChargebacksSchema = listParams();

/** POST /agent/chargebacks: newest first (created_at, then id), role chargebacks:view. */
export async function listChargebacks(db: Db, actor: Actor, input: z.output<typeof listChargebacksSchema>) {
  requireRole(actor, 'chargebacks:view');
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const where = inArray(chargebacks.organisationId, scope);
  const page = await listPage(
    input,
    (limit, offset) =>
      selectChargebacks(db)
        .where(where)
        .orderBy(desc(chargebacks.createdAt), desc(chargebacks.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(chargebacks).where(where))[0]!.n,
  );
  return page.map(serializeChargeback);
}
