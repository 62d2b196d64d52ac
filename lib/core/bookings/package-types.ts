import { z } from 'zod';

/**
 * The kinds of trip a booking may be (ATOL's categories and the sandbox data).
 * A closed list: an unknown value is a 422, never a new type made from a typo.
 */
export const packageTypes = [
  'PACKAGE',
  'FLIGHT_ONLY',
  'ACCOMMODATION_ONLY',
  'LINKED_TRAVEL_ARRANGEMENT',
  'OTHER',
] as const;

/** Case and surrounding spaces do not matter: " package " is PACKAGE. */
export const packageType = z.string().trim().toUpperCase().pipe(z.enum(packageTypes));
