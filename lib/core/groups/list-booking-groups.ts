import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { paymentLinkGroups } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { ListResult } from '@/lib/http/list-result';
import { findAccessibleBooking } from '../bookings/booking-query';
import { loadGroup } from './get-group';
import type { GroupResource } from './serialize-group';

/**
 * GET /agent/bookings/{booking_id}/payment-link-groups: every group of the
 * booking, newest first, as GET of one group shows it. A booking has few
 * groups, so there is no paging; `meta.count` is their number.
 */
export async function listBookingGroups(db: Db, actor: Actor, bookingId: string): Promise<ListResult<GroupResource>> {
  const { booking } = await findAccessibleBooking(db, actor, bookingId);
  const rows = await db
    .select({ id: paymentLinkGroups.id })
    .from(paymentLinkGroups)
    .where(
      and(eq(paymentLinkGroups.bookingId, bookingId), eq(paymentLinkGroups.organisationId, booking.organisationId)),
    )
    .orderBy(desc(paymentLinkGroups.createdAt), desc(paymentLinkGroups.id));
  const groups = (await Promise.all(rows.map((row) => loadGroup(db, row.id)))).filter(
    (group): group is GroupResource => group !== null,
  );
  return new ListResult(groups, false, groups.length);
}
