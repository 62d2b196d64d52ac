import { z } from 'zod';
import { currencyCodes } from '../enums';
import { dateParam, keywordParam, listParams } from '../shared/list-params';
import { majorUnits, minorUnits } from '../shared/money-schema';
import { packageType } from './package-types';

const text = (max = 255) => z.string().trim().min(1).max(max);

export const bookingIdParams = z.object({ booking_id: z.uuid() });

export const listBookingsSchema = listParams().extend({
  keyword: keywordParam,
  type: z.enum(['json', 'csv']).default('json'),
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
  booking_reference: z.string().trim().min(1).max(255).optional(),
});

export const createBookingSchema = z.object({
  organisation: text(),
  booking_reference: text(),
  customer_name: text(),
  email: z.email().max(320),
  currency: z.enum(currencyCodes).default('GBX'),
  departure_date: dateParam.optional(),
  return_date: dateParam.optional(),
  gross_amount: minorUnits({ min: 0 }).optional(),
  package_type: packageType.optional(),
});

export const updateBookingSchema = z.object({
  // Felloh's SDK types gross_value as a string: a string of digits counts as that integer; any other string is a 422.
  gross_value: z
    .preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v), minorUnits({ min: 0 }))
    .optional(),
  /** Deprecated: major units, multiplied by 100 before storage. */
  gross_amount: majorUnits().optional(),
  departure_date: dateParam.nullable().optional(),
  return_date: dateParam.nullable().optional(),
  customer_name: text().optional(),
  email: z.email().max(320).optional(),
  package_type: packageType.nullable().optional(),
  atol_receipt_number: text().nullable().optional(),
});

export const updateReferenceSchema = z.object({ booking_reference: text() });

export type ListBookingsInput = z.output<typeof listBookingsSchema>;
export type CreateBookingInput = z.output<typeof createBookingSchema>;
export type UpdateBookingInput = z.output<typeof updateBookingSchema>;
