import type { SerializedBooking } from './serialize-booking';

/**
 * The CSV layout of `type=csv` (documented in docs/api-extensions.md): one row per
 * booking, amounts in minor units, `paid_amount` the sum of completed transactions.
 */
export const bookingCsvColumns = [
  'id',
  'organisation',
  'booking_reference',
  'customer_name',
  'email',
  'currency',
  'gross_amount',
  'paid_amount',
  'departure_date',
  'return_date',
  'package_type',
  'atol_receipt_number',
  'created_by',
  'created_at',
  'updated_at',
] as const;

export function bookingsToCsv(bookings: SerializedBooking[]): string {
  return bookingCsvHeader() + bookingCsvRows(bookings);
}

/** The header line alone, and the rows alone: the dashboard's export streams a page of rows at a time. */
export const bookingCsvHeader = () => bookingCsvColumns.join(',') + '\r\n';

export function bookingCsvRows(bookings: SerializedBooking[]): string {
  const rows = bookings.map((b) => [
    b.id,
    b.organisation.id,
    b.booking_reference,
    b.customer_name,
    b.email,
    b.currency,
    b.gross_amount,
    b.transactions.reduce((sum: number, t: { amount: number }) => sum + t.amount, 0),
    b.departure_date,
    b.return_date,
    b.package_type?.id,
    b.atol_receipt_number,
    b.user.email,
    b.created_at,
    b.updated_at,
  ]);
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell that a spreadsheet would run as a formula is defused with a leading quote.
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
