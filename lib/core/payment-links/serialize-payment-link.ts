import { hostedOrigin } from '../groups/hosted-origin';
import { checkoutStatus } from '../checkout/checkout-status';
import type { CheckoutRow } from '../checkout/checkout-query';
import type { CheckoutTransaction } from '../checkout/checkout-transactions';

/**
 * The Payment link object of docs/service-interface.md, plus `url`, the hosted page to send the customer to:
 * on the organisation's custom portal domain when it has one (docs/groups.md).
 */
export function serializePaymentLink(
  { link, booking, customer, creatorEmail, organisationName, portalDomain }: CheckoutRow,
  transactions: CheckoutTransaction[],
  at: Date,
) {
  return {
    id: link.id,
    url: `${hostedOrigin({ portal_domain: portalDomain })}/${link.id}`,
    booking: booking
      ? {
          id: booking.id,
          email: booking.email,
          customer_name: booking.customerName,
          booking_reference: booking.bookingReference,
          departure_date: booking.departureDate,
          return_date: booking.returnDate,
          created_at: booking.createdAt.toISOString(),
        }
      : null,
    customer: customer
      ? {
          id: customer.id,
          customer_name: customer.customerName,
          email: customer.email,
          address_1: customer.address1,
          address_2: customer.address2,
          city: customer.city,
          county: customer.county,
          country: customer.country,
          post_code: customer.postCode,
        }
      : null,
    email: link.email,
    customer_name: link.customerName,
    methods: { open_banking: link.openBankingEnabled, card: link.cardEnabled },
    amount: link.amount,
    currency: link.currency,
    description: link.description,
    success_url: link.successUrl,
    failure_url: link.failureUrl,
    cancel_url: link.cancelUrl,
    transactions: transactions.map(({ id, amount, status, completed_at, created_at }) => ({
      id,
      amount,
      status,
      completed_at,
      created_at,
    })),
    user: link.userId ? { id: link.userId, email: creatorEmail } : null,
    organisation: { id: link.organisationId, name: organisationName },
    type: { id: link.typeId, created_at: link.createdAt.toISOString() },
    // A group member's link paid by a payment taken on another of their links is paid too (docs/groups.md "A link's state").
    status: link.settledByTransactionId
      ? ('paid' as const)
      : checkoutStatus(
          link.expiresAt,
          transactions.map((t) => t.status),
          at,
        ),
    options: {
      pre_authorized: link.options.authorisation_only,
      excluded_card_types: link.options.excluded_card_types,
      excluded_card_regions: link.options.excluded_card_regions,
      surcharging_enabled: link.options.surcharging_enabled,
      dcc_enabled: link.options.dcc_enabled,
      hide_store_card: link.options.hide_store_card,
      store_card_forced: link.options.store_card_forced,
    },
    created_at: link.createdAt.toISOString(),
    expires_at: link.expiresAt.toISOString(),
  };
}
