import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { bookingComponents, bookings, paymentLinks, scheduledPayments, transactions } from '@/lib/db/schema';
import type { Db, Tx } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { mergeBalances } from '../balance/booking-balance';
import { isUniqueViolation } from '../shared/sql-helpers';
import { findAccessibleBooking } from './booking-query';

/**
 * Renames a booking's reference. When another live booking of the organisation
 * already has it, the two merge: this booking's transactions, payment links,
 * scheduled payments and components move to that booking and this one is
 * deleted; the answer names the survivor as `new_booking_id`.
 */
export async function updateBookingReference(db: Db, actor: Actor, bookingId: string, reference: string) {
  requireRole(actor, 'booking-and-payment:create:booking');
  try {
    return await db.transaction((tx) => renameOrMerge(tx, actor, bookingId, reference));
  } catch (error) {
    // A racing request took the reference between our check and our write: now it is a merge.
    if (!isUniqueViolation(error)) throw error;
    return db.transaction((tx) => renameOrMerge(tx, actor, bookingId, reference));
  }
}

async function renameOrMerge(
  tx: Tx,
  actor: Actor,
  bookingId: string,
  reference: string,
): Promise<{ new_booking_id?: string }> {
  const { booking } = await findAccessibleBooking(tx, actor, bookingId);
  // Lock this booking so a concurrent merge or delete of it waits for us.
  const locked = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), isNull(bookings.deletedAt)))
    .for('update');
  if (locked.length === 0) throw notFound('Booking');
  const [target] = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.organisationId, booking.organisationId),
        eq(sql`lower(${bookings.bookingReference})`, reference.toLowerCase()),
        isNull(bookings.deletedAt),
        ne(bookings.id, bookingId),
      ),
    )
    .for('update');

  if (!target) {
    await tx.update(bookings).set({ bookingReference: reference, updatedAt: now() }).where(eq(bookings.id, bookingId));
    await recordAudit(tx, actor, {
      organisationId: booking.organisationId,
      type: 'booking:update-reference',
      entityId: bookingId,
    });
    return {};
  }

  const moved = { bookingId: target.id, updatedAt: now() };
  await tx.update(transactions).set(moved).where(eq(transactions.bookingId, bookingId));
  await mergeBalances(tx, bookingId, target.id);
  await tx.update(paymentLinks).set(moved).where(eq(paymentLinks.bookingId, bookingId));
  await tx.update(scheduledPayments).set(moved).where(eq(scheduledPayments.bookingId, bookingId));
  await tx.update(bookingComponents).set({ bookingId: target.id }).where(eq(bookingComponents.bookingId, bookingId));
  await tx.update(bookings).set({ deletedAt: now(), updatedAt: now() }).where(eq(bookings.id, bookingId));
  await recordAudit(tx, actor, { organisationId: booking.organisationId, type: 'booking:merge', entityId: target.id });
  await recordAudit(tx, actor, { organisationId: booking.organisationId, type: 'booking:delete', entityId: bookingId });
  return { new_booking_id: target.id };
}
