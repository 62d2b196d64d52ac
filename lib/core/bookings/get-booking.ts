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

/** A booking's components with their suppliers, oldest first (a booking has a handful). */
export async function loadBookingComponents(db: Executor, bookingId: string) {
  const components = await db
    .select({ component: bookingComponents, supplier: suppliers })
    .from(bookingComponents)
    .leftJoin(suppliers, eq(suppliers.id, bookingComponents.supplierId))
    .where(eq(bookingComponents.bookingId, bookingId))
    .orderBy(asc(bookingComponents.createdAt));
  return components.map(({ component: c, supplier: s }) => ({
    id: c.id,
    supplier: s ? { id: s.id, name: s.supplierName, created_at: s.createdAt.toISOString() } : null,
    amount: c.amount,
    currency: c.currency,
    booking_reference: c.bookingReference,
    destination_air: c.destinationAir,
    type: c.type,
    created_at: c.createdAt.toISOString(),
  }));
}
