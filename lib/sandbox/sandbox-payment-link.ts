import { and, eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { addDays } from '@/lib/core/shared/dates';
import { bookings, paymentLinks } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { readyMadeCheckout } from './ready-made-checkout';
import { SANDBOX_PARENT_ORG } from './seed-sandbox';

const KEY = 'sandbox_payment_link';

/**
 * The ready-made payment link the sandbox home page offers, so a new user can
 * pay within a minute (readyMadeCheckout: made again once paid or expired).
 * Ten years of life: the test clock rarely reaches it. Null outside sandbox mode.
 */
export const sandboxPaymentLinkId = (): Promise<string | null> => readyMadeCheckout(KEY, 'payment_link', createSampleLink);

async function createSampleLink(db: Db): Promise<string | null> {
  const [booking] = await db.select({ id: bookings.id, customerName: bookings.customerName, email: bookings.email }).from(bookings)
    .where(and(eq(bookings.organisationId, SANDBOX_PARENT_ORG), eq(bookings.bookingReference, 'SBX-1001')));
  if (!booking) return null;
  const [link] = await db.insert(paymentLinks).values({
    organisationId: SANDBOX_PARENT_ORG, bookingId: booking.id, customerName: booking.customerName, email: booking.email,
    amount: 12345, currency: 'GBX', description: 'Sandbox sample: deposit for 7 nights in Lisbon',
    openBankingEnabled: true, cardEnabled: true,
    options: {
      authorisation_only: false, surcharging_enabled: true, dcc_enabled: false, excluded_card_types: [], excluded_card_regions: [],
      hide_store_card: false, store_card_forced: false,
    },
    expiresAt: addDays(now(), 3650),
  }).returning({ id: paymentLinks.id });
  return link!.id;
}
