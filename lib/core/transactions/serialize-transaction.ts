import type { transactions } from '@/lib/db/schema';
import { isoOrNull } from '../shared/serialize';

type TransactionRow = typeof transactions.$inferSelect;

/** The Transaction object of docs/service-interface.md, plus the ids it belongs to and refund totals. */
export function serializeTransaction(
  t: TransactionRow,
  extra: { bookingReference: string | null; refundedAmount: number },
) {
  return {
    id: t.id,
    // Extension: the payment's short reference (docs/api-extensions.md), as receipts show it.
    short_reference: t.shortReference,
    amount: t.amount,
    currency: t.currency,
    status: t.status,
    method: t.method,
    type: t.type,
    booking_id: t.bookingId,
    booking_reference: extra.bookingReference,
    payment_link_id: t.paymentLinkId,
    // The same ids as objects, the shape Felloh's SDK types read (transaction.booking.booking_reference).
    booking: t.bookingId ? { id: t.bookingId, booking_reference: extra.bookingReference } : null,
    payment_link: t.paymentLinkId ? { id: t.paymentLinkId } : null,
    card_brand: t.cardBrand,
    card_last_four: t.cardLastFour,
    // API extension (docs/api-extensions.md): the wallet the card was paid from, null for a card typed in.
    wallet: t.wallet,
    card_type: t.cardType,
    cardholder_name: t.cardholderName,
    issuing_country: t.issuingCountry,
    bin_type: t.binType,
    surcharge: t.surcharge,
    dcc: t.dcc,
    refunded_amount: extra.refundedAmount,
    failure_reason: t.failureReason,
    ip_address: t.ipAddress,
    fingerprint: t.fingerprint,
    provider_reference: t.providerReference,
    ai_analysed: t.aiAnalysed,
    organisation: t.organisationId,
    completed_at: isoOrNull(t.completedAt),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
