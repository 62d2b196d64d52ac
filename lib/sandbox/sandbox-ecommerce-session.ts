import { and, eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { addDays } from '@/lib/core/shared/dates';
import { bookings, paymentLinks } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { readyMadeCheckout } from './ready-made-checkout';
import { SANDBOX_PARENT_ORG } from './seed-sandbox';

const KEY = 'sandbox_ecommerce_session';

/**
 * The ready-made ecommerce session the sandbox home page offers in the embedded
 * checkout (public/embed-example.html frames it), made again once paid or expired.
 * Ten years of life instead of a session's usual day, so it waits for a new user.
 */
export const sandboxEcommerceSessionId = (): Promise<string | null> => readyMadeCheckout(KEY, 'ecommerce', createSampleSession);

async function createSampleSession(db: Db): Promise<string | null> {
  const [booking] = await db.select({ id: bookings.id, customerName: bookings.customerName, email: bookings.email }).from(bookings)
    .where(and(eq(bookings.organisationId, SANDBOX_PARENT_ORG), eq(bookings.bookingReference, 'SBX-1001')));
  if (!booking) return null;
  const [session] = await db.insert(paymentLinks).values({
    organisationId: SANDBOX_PARENT_ORG, bookingId: booking.id, kind: 'ecommerce', customerName: booking.customerName, email: booking.email,
    amount: 4500, currency: 'GBX', description: 'Sandbox sample: Lisbon city tour, booked on the merchant’s own site',
    openBankingEnabled: true, cardEnabled: true,
    options: {
      authorisation_only: false, surcharging_enabled: true, dcc_enabled: false, excluded_card_types: [], excluded_card_regions: [],
      hide_store_card: false, store_card_forced: false,
    },
    expiresAt: addDays(now(), 3650),
  }).returning({ id: paymentLinks.id });
  return session!.id;
}
