import { and, eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import { checkoutPageState } from '@/lib/core/hosted-checkout/checkout-page-state';
import { loadHostedCheckout, type HostedCheckoutKind } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { addDays } from '@/lib/core/shared/dates';
import { getDb } from '@/lib/db/client';
import { bookings, paymentLinks, serviceState } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { SANDBOX_PARENT_ORG } from './seed-sandbox';

/** What a ready-made checkout asks for: the rest (booking SBX-1001, card and bank, surcharging on) is the same for all. */
export type SampleCheckout = { key: string; kind: HostedCheckoutKind; amount: number; description: string };

/**
 * A checkout the sandbox home page offers ready to pay (a payment link, an ecommerce
 * session), its id kept in `service_state` under `key`. Made on first use (sandboxes
 * seeded earlier get one too) and made again once paid or expired, so the home page
 * always offers a payable one. Null outside sandbox mode, or when the sample booking is gone.
 */
export async function readyMadeCheckout(sample: SampleCheckout): Promise<string | null> {
  if (!isSandbox()) return null;
  const db = await getDb();
  const [stored] = await db
    .select({ value: serviceState.value })
    .from(serviceState)
    .where(eq(serviceState.key, sample.key));
  if (stored && checkoutPageState(await loadHostedCheckout(db, stored.value, sample.kind), now()) === 'active')
    return stored.value;
  const id = await createSample(db, sample);
  if (!id) return null;
  await db
    .insert(serviceState)
    .values({ key: sample.key, value: id })
    .onConflictDoUpdate({ target: serviceState.key, set: { value: id } });
  return id;
}

/** On booking SBX-1001 of the sandbox organisation, with ten years of life: the test clock rarely reaches it. */
async function createSample(db: Db, sample: SampleCheckout): Promise<string | null> {
  const [booking] = await db
    .select({ id: bookings.id, customerName: bookings.customerName, email: bookings.email })
    .from(bookings)
    .where(and(eq(bookings.organisationId, SANDBOX_PARENT_ORG), eq(bookings.bookingReference, 'SBX-1001')));
  if (!booking) return null;
  const [created] = await db
    .insert(paymentLinks)
    .values({
      organisationId: SANDBOX_PARENT_ORG,
      bookingId: booking.id,
      kind: sample.kind,
      customerName: booking.customerName,
      email: booking.email,
      amount: sample.amount,
      currency: 'GBX',
      description: sample.description,
      openBankingEnabled: true,
      cardEnabled: true,
      options: {
        authorisation_only: false,
        surcharging_enabled: true,
        dcc_enabled: false,
        excluded_card_types: [],
        excluded_card_regions: [],
        hide_store_card: false,
        store_card_forced: false,
      },
      expiresAt: addDays(now(), 3650),
    })
    .returning({ id: paymentLinks.id });
  return created!.id;
}
