import { z } from 'zod';
import { currencyCodes } from '@/lib/core/enums';
import { packageTypes } from '@/lib/core/bookings/package-types';
import { MAX_MINOR_UNITS } from '@/lib/core/shared/money-schema';

/*
 * The booking forms' fields as a browser posts them (every field a string, an empty one meaning "none"),
 * turned into the API's input: the amount is typed in the major unit ("1234.50") and stored in minor units.
 * The core functions then apply the API's own rules (createBookingSchema's bounds, dates in order).
 */
const text = (max = 255) => z.string().trim().min(1).max(max);
const emptyAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** "1234.5" or "1234.50" (a comma as the decimal mark too) is 123450 minor units; at most two decimals. */
export const majorAmount = z.preprocess(
  emptyAsNull,
  z
    .string()
    .trim()
    .regex(/^\d{1,8}(?:[.,]\d{1,2})?$/)
    .transform((value) => {
      const [whole, fraction = ''] = value.replace(',', '.').split('.');
      return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    })
    .pipe(z.int().min(0).max(MAX_MINOR_UNITS))
    .nullable(),
);
const day = z.preprocess(emptyAsNull, z.iso.date().nullable());
const packageChoice = z.preprocess(emptyAsNull, z.enum(packageTypes).nullable());
export const bookingId = z.uuid();

export const createBookingForm = z.object({
  booking_reference: text(),
  customer_name: text(),
  email: z.email().max(320),
  currency: z.enum(currencyCodes),
  gross_amount: majorAmount,
  departure_date: day,
  return_date: day,
  package_type: packageChoice,
});

export const editBookingForm = z.object({
  booking: bookingId,
  customer_name: text(),
  email: z.email().max(320),
  gross_amount: majorAmount,
  departure_date: day,
  return_date: day,
  package_type: packageChoice,
  atol_receipt_number: z.preprocess(emptyAsNull, text().nullable()),
});

export const referenceForm = z.object({ booking: bookingId, booking_reference: text() });
export const deleteForm = z.object({ booking: bookingId });

/** Minor units back to what the amount field shows ("1234.50"), for an edit form's value. */
export const amountFieldValue = (minor: number | null) =>
  minor === null ? '' : `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
