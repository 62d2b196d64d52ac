import type { BookingRow } from './booking-query';
import type { loadBookingRelations } from './booking-relations';

type Relations = Awaited<ReturnType<typeof loadBookingRelations>>;
type Component = {
  id: string;
  supplier: { id: string; name: string; created_at: string } | null;
  amount: number;
  currency: string;
  booking_reference: string | null;
  destination_air: string | null;
  type: string | null;
  created_at: string;
};

/** The Booking object of docs/service-interface.md. */
export function serializeBooking(
  { booking: b, creatorEmail }: BookingRow,
  relations: Relations,
  components: Component[] = [],
) {
  return {
    id: b.id,
    gross_amount: b.grossAmount,
    currency: b.currency,
    email: b.email,
    customer_name: b.customerName,
    booking_reference: b.bookingReference,
    atol_receipt_number: b.atolReceiptNumber,
    departure_date: b.departureDate,
    return_date: b.returnDate,
    package_type: b.packageType ? { id: b.packageType, created_at: b.createdAt.toISOString() } : null,
    user: { id: b.userId, email: creatorEmail },
    organisation: { id: b.organisationId },
    components,
    transactions: relations.transactions.get(b.id) ?? [],
    payment_links: relations.paymentLinks.get(b.id) ?? [],
    scheduled_transactions: relations.scheduled.get(b.id) ?? [],
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}

export type SerializedBooking = ReturnType<typeof serializeBooking>;
