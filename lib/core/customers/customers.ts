import { and, count, desc, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope, requireOrganisation, requireRole } from '@/lib/auth/access';
import { customers } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { listPage } from '@/lib/http/list-result';
import { recordAudit } from '../audit/record-audit';
import { keywordParam, listParams } from '../shared/list-params';
import { containsInsensitive } from '../shared/sql-helpers';
import { serializeCustomer } from './serialize-customer';

const optionalText = z.string().trim().max(255).optional();

export const listCustomersSchema = listParams().extend({ keyword: keywordParam });
export const createCustomerSchema = z.object({
  organisation: z.string().trim().min(1),
  customer_name: optionalText,
  email: z.email().max(320).optional(),
  address_1: optionalText,
  address_2: optionalText,
  city: optionalText,
  county: optionalText,
  country: optionalText,
  post_code: z.string().trim().max(20).optional(),
});

/** Newest first; `keyword` matches name or email, partially and case-insensitively. */
export async function listCustomers(db: Db, actor: Actor, input: z.output<typeof listCustomersSchema>) {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const conditions: (SQL | undefined)[] = [inArray(customers.organisationId, scope)];
  if (input.keyword)
    conditions.push(
      or(
        containsInsensitive(customers.customerName, input.keyword),
        containsInsensitive(customers.email, input.keyword),
      ),
    );
  const where = and(...conditions);
  const page = await listPage(
    input,
    (limit, offset) =>
      db
        .select()
        .from(customers)
        .where(where)
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(customers).where(where))[0]!.n,
  );
  return page.map(serializeCustomer);
}

export async function createCustomer(db: Db, actor: Actor, input: z.output<typeof createCustomerSchema>) {
  requireOrganisation(actor, input.organisation);
  requireRole(actor, 'booking-and-payment:create:booking');
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(customers)
      .values({
        organisationId: input.organisation,
        customerName: input.customer_name,
        email: input.email,
        address1: input.address_1,
        address2: input.address_2,
        city: input.city,
        county: input.county,
        country: input.country,
        postCode: input.post_code,
      })
      .returning({ id: customers.id });
    await recordAudit(tx, actor, {
      organisationId: input.organisation,
      type: 'customer:create',
      entityId: created!.id,
    });
    return { id: created!.id };
  });
}
