import { asc, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { bookingComponents, suppliers } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { findAccessibleBooking } from './booking-query';
import { loadBookingRelations } from './booking-relations';
import { serializeBooking } from './serialize-booking';

/** One booking with its components and every transaction, link and scheduled payment. */
export async function getBooking(db: Executor, actor: Actor, bookingId: string) {
  const row = await findAccessibleBooking(db, actor, bookingId);
  const [relations, components] = await Promise.all([
    loadBookingRelations(db, [bookingId], { completedOnly: false }),
    loadBookingComponents(db, bookingId),
  ]);
  return serializeBooking(row, relations, components);
}

/** The select of a booking's components with their suppliers, oldest first (a booking has a handful). */
export function selectBookingComponents(db: Executor, bookingId: string) {
  return db
    .select({ component: bookingComponents, supplier: suppliers })
    .from(bookingComponents)
    .leftJoin(suppliers, eq(suppliers.id, bookingComponents.supplierId))
    .where(eq(bookingComponents.bookingId, bookingId))
    .orderBy(asc(bookingComponents.createdAt));
}

type ComponentRow = Awaited<ReturnType<typeof selectBookingComponents>>[number];

/** A component as the Booking object lists it. */
export function serializeBookingComponent({ component: c, supplier: s }: ComponentRow) {
  return {
    id: c.id,
    supplier: s ? { id: s.id, name: s.supplierName, created_at: s.createdAt.toISOString() } : null,
    amount: c.amount,
    currency: c.currency,
    booking_reference: c.bookingReference,
    destination_air: c.destinationAir,
    type: c.type,
    created_at: c.createdAt.toISOString(),
  };
}

/** A booking's components with their suppliers, oldest first. */
export async function loadBookingComponents(db: Executor, bookingId: string) {
  return (await selectBookingComponents(db, bookingId)).map(serializeBookingComponent);
}
