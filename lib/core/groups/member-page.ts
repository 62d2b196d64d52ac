import { and, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import {
  bookings,
  groupMembers,
  organisations,
  paymentLinkGroups,
  paymentLinks,
  savedCards,
  scheduledPayments,
  transactions,
} from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { isUuid } from '../shared/is-uuid';
import { loadMemberLinks, type MemberLink } from './member-link-states';

/*
 * A member's own page (issue 17 item 15; app/[locale]/[payment_link_id]/member): reached from any
 * of their links, which are the member's bearer capability as for paying. It shows their schedule
 * (each instalment, due date, amount, paid or not and when), automatic collection with the stored
 * card's brand and last four, and where to turn it off or replace the card.
 */

export type MemberPageInstalment = {
  linkId: string;
  sequence: number | null;
  amount: number;
  dueAt: Date | null;
  state: MemberLink['state'];
  /** When the payment that paid it was taken (completed, else authorised). */
  paidAt: Date | null;
  /** A collection of it is queued (or awaiting approval): the stored card pays it on this date. */
  collectAt: Date | null;
};

export type MemberPage = {
  linkId: string;
  memberId: string;
  organisationName: string;
  /** The organisation's country: Adyen's card component's countryCode on the card replacement page. */
  organisationCountry: string;
  groupName: string | null;
  bookingReference: string;
  currency: string;
  memberName: string;
  share: number;
  paid: number;
  remaining: number;
  autoCollect: boolean;
  card: { brand: string; lastFour: string; expiryMonth: number; expiryYear: number } | null;
  instalments: MemberPageInstalment[];
  /**
   * The link to store a (new) card through: the member's first unpaid instalment, when paying it
   * leaves an instalment with a due date to collect (the checkout's store-card tick then opts in,
   * moving every queued collection to the new card: auto-collect.ts). Null when nothing would remain.
   */
  storeCardLinkId: string | null;
};

/** The member page of a live link of a live member, or null (no such link, a link of no member, deleted, member removed). */
export async function loadMemberPage(db: Executor, linkId: string): Promise<MemberPage | null> {
  if (!isUuid(linkId)) return null;
  const [row] = await db
    .select({
      memberId: groupMembers.id,
      memberName: groupMembers.customerName,
      share: groupMembers.amount,
      autoCollect: groupMembers.autoCollect,
      savedCardId: groupMembers.savedCardId,
      groupName: paymentLinkGroups.name,
      currency: paymentLinkGroups.currency,
      organisationName: organisations.name,
      organisationCountry: organisations.country,
      bookingReference: bookings.bookingReference,
    })
    .from(paymentLinks)
    .innerJoin(groupMembers, eq(groupMembers.id, paymentLinks.groupMemberId))
    .innerJoin(paymentLinkGroups, eq(paymentLinkGroups.id, groupMembers.groupId))
    .innerJoin(organisations, eq(organisations.id, paymentLinkGroups.organisationId))
    .innerJoin(bookings, eq(bookings.id, paymentLinkGroups.bookingId))
    .where(
      and(eq(paymentLinks.id, linkId.toLowerCase()), isNull(paymentLinks.deletedAt), isNull(groupMembers.removedAt)),
    );
  if (!row) return null;
  const links = await loadMemberLinks(db, row.memberId);
  const ids = links.map((l) => l.id);
  const paymentIds = links.filter((l) => l.state === 'paid' && l.paymentId).map((l) => l.paymentId!);
  const [payments, collections, [card]] = await Promise.all([
    paymentIds.length
      ? db
          .select({
            id: transactions.id,
            completedAt: transactions.completedAt,
            authorisedAt: transactions.authorisedAt,
          })
          .from(transactions)
          .where(inArray(transactions.id, paymentIds))
      : [],
    ids.length
      ? db
          .select({ linkId: scheduledPayments.paymentLinkId, executeAfter: scheduledPayments.executeAfter })
          .from(scheduledPayments)
          .where(
            and(
              inArray(scheduledPayments.paymentLinkId, ids),
              inArray(scheduledPayments.status, ['QUEUED', 'AWAITING_APPROVAL']),
            ),
          )
      : [],
    row.savedCardId && row.autoCollect
      ? db
          .select({
            brand: savedCards.cardBrand,
            lastFour: savedCards.lastFour,
            expiryMonth: savedCards.expiryMonth,
            expiryYear: savedCards.expiryYear,
          })
          .from(savedCards)
          .where(and(eq(savedCards.id, row.savedCardId), isNull(savedCards.deletedAt)))
      : [],
  ]);
  const instalments = links.map((l) => {
    const payment = payments.find((p) => p.id === l.paymentId);
    return {
      linkId: l.id,
      sequence: l.sequence,
      amount: l.amount,
      dueAt: l.dueAt,
      state: l.state,
      paidAt: l.state === 'paid' ? (payment?.completedAt ?? payment?.authorisedAt ?? null) : null,
      collectAt: collections.find((c) => c.linkId === l.id)?.executeAfter ?? null,
    };
  });
  const paid = links.filter((l) => l.state === 'paid').reduce((sum, l) => sum + l.amount, 0);
  const unpaid = links.filter((l) => l.state === 'unpaid');
  const first = unpaid[0];
  return {
    linkId: linkId.toLowerCase(),
    memberId: row.memberId,
    organisationName: row.organisationName,
    organisationCountry: row.organisationCountry,
    groupName: row.groupName,
    bookingReference: row.bookingReference,
    currency: row.currency,
    memberName: row.memberName,
    share: row.share,
    paid,
    remaining: Math.max(0, row.share - paid),
    autoCollect: row.autoCollect,
    card: card ?? null,
    instalments,
    storeCardLinkId: first && unpaid.slice(1).some((l) => l.dueAt) ? first.id : null,
  };
}

/** The page's entry (the app never imports lib/db). */
export async function hostedMemberPage(linkId: string): Promise<MemberPage | null> {
  return loadMemberPage(await getDb(), linkId);
}
