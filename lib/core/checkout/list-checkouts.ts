import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope } from '@/lib/auth/access';
import { paymentLinks } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { listPage, type ListResult } from '@/lib/http/list-result';
import { dateParam, keywordParam, listParams } from '../shared/list-params';
import { containsInsensitive } from '../shared/sql-helpers';
import { dayRange } from '../shared/dates';
import { linkBooking, selectCheckouts, type CheckoutKind, type CheckoutRow } from './checkout-query';

export const listCheckoutsSchema = listParams().extend({
  keyword: keywordParam,
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
  filter_booking_exists: z.boolean().optional(),
});

/**
 * Newest first. `keyword` matches the linked booking's reference, partially and
 * case-insensitively; dates filter on creation; `filter_booking_exists` on whether
 * a booking is linked.
 */
export async function listCheckouts(
  db: Db,
  actor: Actor,
  kind: CheckoutKind,
  input: z.output<typeof listCheckoutsSchema>,
): Promise<ListResult<CheckoutRow>> {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const { from, to } = dayRange(input.date_from, input.date_to);
  const conditions: (SQL | undefined)[] = [
    inArray(paymentLinks.organisationId, scope),
    eq(paymentLinks.kind, kind),
    isNull(paymentLinks.deletedAt),
  ];
  if (input.keyword) conditions.push(containsInsensitive(linkBooking.bookingReference, input.keyword));
  if (from) conditions.push(gte(paymentLinks.createdAt, from));
  if (to) conditions.push(lte(paymentLinks.createdAt, to));
  if (input.filter_booking_exists !== undefined)
    conditions.push(input.filter_booking_exists ? isNotNull(paymentLinks.bookingId) : isNull(paymentLinks.bookingId));
  const where = and(...conditions);
  return listPage(
    input,
    (limit, offset) =>
      selectCheckouts(db)
        .where(where)
        .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: count() })
          .from(paymentLinks)
          .leftJoin(linkBooking, eq(linkBooking.id, paymentLinks.bookingId))
          .where(where)
      )[0]!.n,
  );
}
