import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope } from '@/lib/auth/access';
import { bookings, customers, organisations, scheduledPayments } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { listPage } from '@/lib/http/list-result';
import { keywordParam, listParams } from '../shared/list-params';
import { containsInsensitive } from '../shared/sql-helpers';

export const scheduledPaymentStatuses = ['QUEUED', 'AWAITING_APPROVAL', 'IN_PROGRESS', 'PROCESSING', 'COMPLETE', 'FAILED', 'CANCELLED'] as const;

export const listScheduledPaymentsSchema = listParams().extend({
  keyword: keywordParam,
  total_filter: z.enum(scheduledPaymentStatuses).default('QUEUED'),
  sort_by: z.enum(['amount', 'created_at', 'execute_after', 'status']).default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});

const sortColumns = {
  amount: scheduledPayments.amount,
  created_at: scheduledPayments.createdAt,
  execute_after: scheduledPayments.executeAfter,
  status: scheduledPayments.status,
};

/** Only QUEUED payments unless `total_filter` names another status; `keyword` matches the booking reference. */
export async function listScheduledPayments(db: Db, actor: Actor, input: z.output<typeof listScheduledPaymentsSchema>) {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const conditions: (SQL | undefined)[] = [inArray(scheduledPayments.organisationId, scope), eq(scheduledPayments.status, input.total_filter)];
  if (input.keyword) conditions.push(containsInsensitive(bookings.bookingReference, input.keyword));
  const order = input.direction === 'asc' ? asc : desc;
  const where = and(...conditions);
  const page = await listPage(input,
    (limit, offset) => db.select({ payment: scheduledPayments, booking: bookings, customer: customers, organisationName: organisations.name })
      .from(scheduledPayments)
      .innerJoin(bookings, eq(bookings.id, scheduledPayments.bookingId))
      .innerJoin(organisations, eq(organisations.id, scheduledPayments.organisationId))
      .leftJoin(customers, eq(customers.id, bookings.customerId))
      .where(where)
      .orderBy(order(sortColumns[input.sort_by]), order(scheduledPayments.id))
      .limit(limit).offset(offset),
    async () => (await db.select({ n: count() }).from(scheduledPayments)
      .innerJoin(bookings, eq(bookings.id, scheduledPayments.bookingId)).where(where))[0]!.n);
  return page.map(({ payment: p, booking: b, customer: c, organisationName }) => ({
    id: p.id,
    amount: p.amount,
    currency: p.currency,
    booking: { id: b.id, booking_reference: b.bookingReference },
    customer: c ? { id: c.id, customer_name: c.customerName } : { id: null, customer_name: b.customerName },
    organisation: { id: p.organisationId, name: organisationName },
    transaction: { id: p.transactionId },
    execute_after: p.executeAfter.toISOString(),
    status: p.status,
    authorisation_only: p.authorisationOnly,
    failure_reason: p.failureReason,
    created_at: p.createdAt.toISOString(),
  }));
}
