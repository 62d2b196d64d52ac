import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { savedCards } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { findAccessibleBooking } from '../bookings/booking-query';

/** The tokenised cards saved on a booking; `id` is the `token` a booking payment takes. Never the processor's token. */
export async function availableTokens(db: Db, actor: Actor, bookingId: string) {
  await findAccessibleBooking(db, actor, bookingId);
  const rows = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.bookingId, bookingId), isNull(savedCards.deletedAt)))
    .orderBy(asc(savedCards.createdAt));
  return rows.map((card) => ({
    id: card.id,
    cardholder_name: card.cardholderName,
    bin: card.bin,
    card_brand: card.cardBrand,
    last_four: card.lastFour,
    expiry_month: card.expiryMonth,
    expiry_year: card.expiryYear,
    organisation_id: card.organisationId,
    created_at: card.createdAt.toISOString(),
  }));
}
