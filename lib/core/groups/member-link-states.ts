import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { paymentLinks, scheduledPayments, transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

/** Statuses of a live payment: one that holds its links (in progress, held, or taken). */
export const LIVE_PAYMENT_STATUSES = ['PAYMENTINPROGRESS', 'PENDING', 'COMPLETE'] as const;

/**
 * One of a member's instalment links as payments see it:
 *   - paid: settled by another payment of the member, or a COMPLETE/PENDING payment of its own or covering it;
 *   - in_progress: a payment of its own or covering it is PAYMENTINPROGRESS, or its automatic collection is being charged;
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
 * instalment), with what pays them. Three reads whatever the number of
 * instalments: links, the live payments on or covering them, and their
 * automatic collections being charged.
 */
export async function loadMemberLinks(db: Executor, memberId: string): Promise<MemberLink[]> {
  const links = await db.select().from(paymentLinks)
    .where(and(eq(paymentLinks.groupMemberId, memberId), isNull(paymentLinks.deletedAt)))
    .orderBy(sql`${paymentLinks.dueAt} asc nulls last`, asc(paymentLinks.instalmentSequence), asc(paymentLinks.id));
  if (links.length === 0) return [];
  const ids = links.map((l) => l.id);
  // By booking first (indexed) when the links share one, as a group's do: their payments are all on it.
  const bookings = new Set(links.map((l) => l.bookingId));
  const booking = bookings.size === 1 ? links[0]!.bookingId : null;
  const idArray = sql`array[${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}]`;
  const live = await db.select({ id: transactions.id, status: transactions.status, linkId: transactions.paymentLinkId, covered: transactions.coveredLinkIds })
    .from(transactions)
    .where(and(booking ? eq(transactions.bookingId, booking) : undefined, inArray(transactions.status, [...LIVE_PAYMENT_STATUSES]), or(inArray(transactions.paymentLinkId, ids), sql`${transactions.coveredLinkIds} && ${idArray}`)));
  const collecting = await db.select({ linkId: scheduledPayments.paymentLinkId }).from(scheduledPayments)
    .where(and(inArray(scheduledPayments.paymentLinkId, ids), inArray(scheduledPayments.status, ['IN_PROGRESS', 'PROCESSING'])));
  const charging = new Set(collecting.map((c) => c.linkId));
  return links.map((link) => {
    const payments = live.filter((t) => t.linkId === link.id || (t.covered ?? []).includes(link.id));
    const paying = payments.find((t) => t.status !== 'PAYMENTINPROGRESS');
    const inProgress = payments.find((t) => t.status === 'PAYMENTINPROGRESS');
    const state = link.settledByTransactionId || paying ? 'paid' : inProgress || charging.has(link.id) ? 'in_progress' : 'unpaid';
    return {
      id: link.id, amount: link.amount, currency: link.currency, sequence: link.instalmentSequence, dueAt: link.dueAt,
      expiresAt: link.expiresAt, bookingId: link.bookingId, state,
      paymentId: link.settledByTransactionId ?? paying?.id ?? inProgress?.id ?? null,
    };
  });
}
