import { eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import { checkoutPageState } from '@/lib/core/hosted-checkout/checkout-page-state';
import { loadHostedCheckout, type HostedCheckoutKind } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { getDb } from '@/lib/db/client';
import { serviceState } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';

/**
 * A checkout the sandbox home page offers ready to pay (a payment link, an ecommerce
 * session), its id kept in `service_state` under `key`. Made on first use (sandboxes
 * seeded earlier get one too) and made again once paid or expired, so the home page
 * always offers a payable one. Null outside sandbox mode, or when `create` cannot make one.
 */
export async function readyMadeCheckout(key: string, kind: HostedCheckoutKind, create: (db: Db) => Promise<string | null>): Promise<string | null> {
  if (!isSandbox()) return null;
  const db = await getDb();
  const [stored] = await db.select({ value: serviceState.value }).from(serviceState).where(eq(serviceState.key, key));
  if (stored && checkoutPageState(await loadHostedCheckout(db, stored.value, kind), now()) === 'active') return stored.value;
  const id = await create(db);
  if (!id) return null;
  await db.insert(serviceState).values({ key, value: id }).onConflictDoUpdate({ target: serviceState.key, set: { value: id } });
  return id;
}
