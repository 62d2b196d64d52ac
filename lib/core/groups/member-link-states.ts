import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { paymentLinks, transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { LIVE_PAYMENT_STATUSES, linkCollectingSql, linkPaidOrLiveSql, linkPaidSql } from './link-paid-sql';

/**
 * One of a member's instalment links as payments see it:
 *   - paid: linkPaidSql (a COMPLETE/PENDING payment of its own, or settled by the member's payment covering it,
 *     which sets settled_by_transaction_id in the commit that makes it COMPLETE or PENDING);
 *   - in_progress: not paid but held by a live payment of its own or covering it (linkPaidOrLiveSql), or its
 *     automatic collection is being charged;
 *   - unpaid: anything else.
 */
export type MemberLink = {
  id: string;
  amount: number;
  currency: string;
  sequence: number | null;
  dueAt: Date | null;
  expiresAt: Date;
  bookingId: string | null;
  state: 'paid' | 'in_progress' | 'unpaid';
  /** The payment that pays (or is paying) it: its own, or the one covering it. */
  paymentId: string | null;
};

/**
 * A member's live (not deleted) links in due order (due date, then
 * instalment), with what pays them. Two reads whatever the number of
 * instalments: the links with their state (the shared predicates of
 * link-paid-sql.ts), then the live payments on or covering them, to name the
 * one paying each.
 */
export async function loadMemberLinks(db: Executor, memberId: string): Promise<MemberLink[]> {
  const links = await db
    .select({
      link: paymentLinks,
      paid: sql<boolean>`${linkPaidSql('payment_links')}`,
      held: sql<boolean>`${linkPaidOrLiveSql('payment_links')}`,
      collecting: sql<boolean>`${linkCollectingSql('payment_links')}`,
    })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.groupMemberId, memberId), isNull(paymentLinks.deletedAt)))
    .orderBy(sql`${paymentLinks.dueAt} asc nulls last`, asc(paymentLinks.instalmentSequence), asc(paymentLinks.id));
  if (links.length === 0) return [];
  const ids = links.map((l) => l.link.id);
  // By booking first (indexed) when the links share one, as a group's do: their payments are all on it.
  const bookings = new Set(links.map((l) => l.link.bookingId));
  const booking = bookings.size === 1 ? links[0]!.link.bookingId : null;
  const idArray = sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const live = await db
    .select({
      id: transactions.id,
      status: transactions.status,
      linkId: transactions.paymentLinkId,
      covered: transactions.coveredLinkIds,
    })
    .from(transactions)
    .where(
      and(
        booking ? eq(transactions.bookingId, booking) : undefined,
        inArray(transactions.status, [...LIVE_PAYMENT_STATUSES]),
        or(inArray(transactions.paymentLinkId, ids), sql`${transactions.coveredLinkIds} && ${idArray}`),
      ),
    );
  return links.map(({ link, paid, held, collecting }) => {
    const payments = live.filter((t) => t.linkId === link.id || (t.covered ?? []).includes(link.id));
    const paying = payments.find((t) => t.status !== 'PAYMENTINPROGRESS');
    const inProgress = payments.find((t) => t.status === 'PAYMENTINPROGRESS');
    // Held but not paid: a payment of its own or covering it is under way (or holds it while its settlement commits).
    const state = paid ? 'paid' : held || collecting ? 'in_progress' : 'unpaid';
    return {
      id: link.id,
      amount: link.amount,
      currency: link.currency,
      sequence: link.instalmentSequence,
      dueAt: link.dueAt,
      expiresAt: link.expiresAt,
      bookingId: link.bookingId,
      state,
      paymentId: link.settledByTransactionId ?? paying?.id ?? inProgress?.id ?? null,
    };
  });
}
