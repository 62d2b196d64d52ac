import { and, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope } from '@/lib/auth/access';
import { bookings, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { listPage } from '@/lib/http/list-result';
import { transactionStatuses } from '../enums';
import { dayRange } from '../shared/dates';
import { dateParam, keywordParam, listParams } from '../shared/list-params';
import { containsInsensitive } from '../shared/sql-helpers';
import { serializeTransaction } from './serialize-transaction';
import { normaliseShortReference } from './short-reference';
import { refundedAmounts, selectTransactions } from './transaction-query';

export const listTransactionsSchema = listParams().extend({
  keyword: keywordParam,
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
  statuses: z.array(z.enum(transactionStatuses)).max(transactionStatuses.length).optional(),
  /** Extension: the payment of this short reference (any case, spaces or dashes); one that cannot be one finds nothing. */
  short_reference: z.string().trim().max(40).optional(),
});

/**
 * Newest first; `keyword` matches booking reference, cardholder name or provider reference, or is a
 * payment's short reference; `short_reference` finds that one payment; dates filter on creation.
 */
export async function listTransactions(db: Db, actor: Actor, input: z.output<typeof listTransactionsSchema>) {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const { from, to } = dayRange(input.date_from, input.date_to);
  const conditions: (SQL | undefined)[] = [inArray(transactions.organisationId, scope)];
  if (input.statuses?.length) conditions.push(inArray(transactions.status, input.statuses));
  if (from) conditions.push(gte(transactions.createdAt, from));
  if (to) conditions.push(lte(transactions.createdAt, to));
  if (input.short_reference !== undefined) {
    const reference = normaliseShortReference(input.short_reference);
    // Never a match for what cannot be a reference: an empty page, not every payment.
    conditions.push(reference ? eq(transactions.shortReference, reference) : sql`false`);
  }
  if (input.keyword) {
    const reference = normaliseShortReference(input.keyword);
    conditions.push(
      or(
        containsInsensitive(bookings.bookingReference, input.keyword),
        containsInsensitive(transactions.cardholderName, input.keyword),
        containsInsensitive(transactions.providerReference, input.keyword),
        reference ? eq(transactions.shortReference, reference) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const page = await listPage(
    input,
    (limit, offset) =>
      selectTransactions(db)
        .where(where)
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(limit)
        .offset(offset),
    // The same join as the rows (keyword reads the booking's reference); unused, PostgreSQL drops it.
    async () =>
      (
        await db
          .select({ n: count() })
          .from(transactions)
          .leftJoin(bookings, eq(bookings.id, transactions.bookingId))
          .where(where)
      )[0]!.n,
  );
  const refunded = await refundedAmounts(
    db,
    page.items.map((row) => row.transaction.id),
  );
  return page.map((row) =>
    serializeTransaction(row.transaction, {
      bookingReference: row.bookingReference,
      refundedAmount: refunded.get(row.transaction.id) ?? 0,
    }),
  );
}
