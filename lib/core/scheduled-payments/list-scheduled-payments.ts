import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope } from '@/lib/auth/access';
import { bookings, scheduledPayments } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { listPage } from '@/lib/http/list-result';
import { keywordParam, listParams } from '../shared/list-params';
import { containsInsensitive } from '../shared/sql-helpers';
import { selectScheduledPayments, serializeScheduledPayment } from './scheduled-payment-resource';

export const scheduledPaymentStatuses = [
  'QUEUED',
  'AWAITING_APPROVAL',
  'IN_PROGRESS',
  'PROCESSING',
  'COMPLETE',
  'FAILED',
  'CANCELLED',
] as const;

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
  const conditions: (SQL | undefined)[] = [
    inArray(scheduledPayments.organisationId, scope),
    eq(scheduledPayments.status, input.total_filter),
  ];
  if (input.keyword) conditions.push(containsInsensitive(bookings.bookingReference, input.keyword));
  const order = input.direction === 'asc' ? asc : desc;
  const where = and(...conditions);
  const page = await listPage(
    input,
    (limit, offset) =>
      selectScheduledPayments(db)
        .where(where)
        .orderBy(order(sortColumns[input.sort_by]), order(scheduledPayments.id))
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: count() })
          .from(scheduledPayments)
          .innerJoin(bookings, eq(bookings.id, scheduledPayments.bookingId))
          .where(where)
      )[0]!.n,
  );
  return page.map(serializeScheduledPayment);
}
