import { publicBaseUrl } from '@/lib/config';
import { checkoutStatus } from '../checkout/checkout-status';
import type { CheckoutRow } from '../checkout/checkout-query';
import type { CheckoutTransaction } from '../checkout/checkout-transactions';

/** The Ecommerce session object of docs/service-interface.md, plus `url` (the page to embed) and its options. */
export function serializeEcommerce({ link }: CheckoutRow, transactions: CheckoutTransaction[], at: Date) {
  return {
    id: link.id,
    url: `${publicBaseUrl()}/embed/${link.id}`,
    customer_name: link.customerName,
    email: link.email,
    amount: link.amount,
    currency: link.currency,
    description: link.description,
    status: checkoutStatus(
      link.expiresAt,
      transactions.map((t) => t.status),
      at,
    ),
    open_banking_enabled: link.openBankingEnabled,
    card_enabled: link.cardEnabled,
    booking_id: link.bookingId,
    organisation: link.organisationId,
    // moto_enabled is absent on sessions made before it existed: false.
    options: { ...link.options, moto_enabled: link.options.moto_enabled === true },
    transactions: transactions.map(({ id, amount, status, completed_at, created_at }) => ({
      id,
      amount,
      status,
      completed_at,
      created_at,
    })),
    expires_at: link.expiresAt.toISOString(),
    created_at: link.createdAt.toISOString(),
    updated_at: link.updatedAt.toISOString(),
  };
}
