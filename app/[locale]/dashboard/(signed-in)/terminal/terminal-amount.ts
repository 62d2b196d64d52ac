import { z } from 'zod';
import { MAX_MINOR_UNITS } from '@/lib/core/shared/money-schema';

/**
 * The amount as staff type it, in the currency's major unit ("125.50", "125,50", "125"): minor units, an integer
 * from 1 to the API's maximum. Anything else (a third decimal, a sign, letters) is a validation error, never rounded.
 */
export const terminalAmount = z
  .string()
  .trim()
  .regex(/^\d{1,8}([.,]\d{1,2})?$/)
  .transform((text) => {
    const [whole, fraction = ''] = text.split(/[.,]/);
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .pipe(z.int().min(1).max(MAX_MINOR_UNITS));
