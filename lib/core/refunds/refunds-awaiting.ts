import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope } from '@/lib/auth/access';
import { bookings, organisations, refunds, transactions, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { listPage } from '@/lib/http/list-result';
import { listParams } from '../shared/list-params';
import { serializeRefund } from './serialize-refund';

export const listRefundsAwaitingSchema = listParams();

/**
 * The back office's refunds awaiting authorisation (PENDING_AUTHORISATION), oldest first as a queue
 * is worked, each with what a person decides on: the payment (short reference, booking), who asked
 * and whether this actor may authorise it. `authorisable_by_you` is false only when the organisation
 * sets `refunds_require_second_user` and the actor asked for it: decideRefund refuses that
 * (refund.same_user); the page says so instead of offering a button that would be refused.
 */
export async function listRefundsAwaiting(db: Db, actor: Actor, input: z.output<typeof listRefundsAwaitingSchema>) {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const where = and(inArray(refunds.organisationId, scope), eq(refunds.status, 'PENDING_AUTHORISATION'));
  const page = await listPage(
    input,
    (limit, offset) =>
      db
        .select({
          refund: refunds,
          shortReference: transactions.shortReference,
          bookingId: transactions.bookingId,
          bookingReference: bookings.bookingReference,
          requesterName: users.name,
          requesterEmail: users.email,
          settings: organisations.settings,
        })
        .from(refunds)
        .innerJoin(transactions, eq(transactions.id, refunds.transactionId))
        .innerJoin(organisations, eq(organisations.id, refunds.organisationId))
        .leftJoin(bookings, eq(bookings.id, transactions.bookingId))
        .leftJoin(users, eq(users.id, refunds.userId))
        // The refunds_org_awaiting_idx index (migration dashboard-read-models) reads these in order.
        .where(where)
        .orderBy(asc(refunds.createdAt), asc(refunds.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(refunds).where(where))[0]!.n,
  );
  return page.map((row) => {
    const secondUserRequired = row.settings.refunds_require_second_user === true;
    const requestedByYou = row.refund.userId !== null && row.refund.userId === actor.userId;
    return {
      ...serializeRefund(row.refund),
      short_reference: row.shortReference,
      booking: row.bookingId ? { id: row.bookingId, booking_reference: row.bookingReference } : null,
      requested_by: row.refund.userId
        ? { id: row.refund.userId, name: row.requesterName, email: row.requesterEmail }
        : null,
      second_user_required: secondUserRequired,
      authorisable_by_you: !(secondUserRequired && requestedByYou),
    };
  });
}

export type AwaitingRefund = Awaited<ReturnType<typeof listRefundsAwaiting>>['items'][number];
