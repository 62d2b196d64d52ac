import { and, eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import { checkoutPageState } from '@/lib/core/hosted-checkout/checkout-page-state';
import { loadHostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { addDays } from '@/lib/core/shared/dates';
import { getDb } from '@/lib/db/client';
import { bookings, paymentLinks, serviceState } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { SANDBOX_PARENT_ORG } from './seed-sandbox';

const KEY = 'sandbox_payment_link';

/**
 * The ready-made payment link the sandbox home page offers, so a new user can
 * pay within a minute. Made on first use (older sandboxes seeded before it
 * existed get one too) and made again once paid or expired, so the home page
 * always offers a payable link. Ten years of life: the test clock rarely reaches it.
 * Null outside sandbox mode.
 */
export async function sandboxPaymentLinkId(): Promise<string | null> {
  if (!isSandbox()) return null;
  const db = await getDb();
  const [stored] = await db.select({ value: serviceState.value }).from(serviceState).where(eq(serviceState.key, KEY));
  if (stored && checkoutPageState(await loadHostedCheckout(db, stored.value), now()) === 'active') return stored.value;
  const id = await createSampleLink(db);
  if (!id) return null;
  await db.insert(serviceState).values({ key: KEY, value: id }).onConflictDoUpdate({ target: serviceState.key, set: { value: id } });
  return id;
}

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
