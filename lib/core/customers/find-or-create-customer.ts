import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { customers } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { recordAudit } from '../audit/record-audit';

/** A booking's customer: the organisation's customer with that email, or a new one. */
export async function findOrCreateCustomer(
  tx: Executor,
  actor: Actor,
  input: { organisationId: string; customerName: string; email: string },
) {
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, input.organisationId),
        eq(sql`lower(${customers.email})`, input.email.toLowerCase()),
      ),
    )
    .limit(1);
  if (existing) return existing;
  const [created] = await tx
    .insert(customers)
    .values({ organisationId: input.organisationId, customerName: input.customerName, email: input.email })
    .returning({ id: customers.id });
  await recordAudit(tx, actor, {
    organisationId: input.organisationId,
    type: 'customer:create',
    entityId: created!.id,
  });
  return created!;
}
