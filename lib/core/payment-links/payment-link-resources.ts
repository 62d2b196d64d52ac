import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { paymentLinks } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { selectCheckouts } from '../checkout/checkout-query';
import { loadCheckoutTransactions } from '../checkout/checkout-transactions';
import { serializePaymentLink } from './serialize-payment-link';

export type PaymentLinkResource = ReturnType<typeof serializePaymentLink>;

/**
 * Payment links as GET /agent/payment-links/{id} answers them, with no access
 * check, for many links in two queries (the links with what they show, then
 * their transactions): the data of payment_link.* events is rendered with it
 * (lib/events/event-data.ts). A deleted link or an ecommerce session is
 * absent, as is one `only` (a further condition on payment_links) leaves out.
 */
export async function loadPaymentLinkResources(
  db: Executor,
  ids: readonly string[],
  only?: SQL,
): Promise<Map<string, PaymentLinkResource>> {
  const resources = new Map<string, PaymentLinkResource>();
  if (ids.length === 0) return resources;
  const rows = await selectCheckouts(db).where(
    and(
      inArray(paymentLinks.id, [...ids]),
      eq(paymentLinks.kind, 'payment_link'),
      isNull(paymentLinks.deletedAt),
      only,
    ),
  );
  const transactions = await loadCheckoutTransactions(
    db,
    rows.map((row) => row.link.id),
  );
  const at = now();
  for (const row of rows)
    resources.set(row.link.id, serializePaymentLink(row, transactions.get(row.link.id) ?? [], at));
  return resources;
}
