import { z } from 'zod';
import { listBookingsSchema, type ListBookingsInput } from '@/lib/core/bookings/schemas';
import { MAX_SKIP } from '@/lib/core/shared/list-params';
import { filterQuery } from '../list-pager';

/** The list's page size: the API's maximum `take`. */
export const BOOKINGS_PAGE_SIZE = 25;

/**
 * The list's filters as the address carries them (a GET form, so the list, its pages and the CSV export
 * share one link and work without JavaScript): the API's own filters, each dropped when it does not parse
 * rather than refusing the page. `children` is the API's show-child-organisations.
 */
const fields = z.object({
  keyword: z.string().trim().max(200).optional().catch(undefined),
  reference: z.string().trim().min(1).max(255).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  children: z.literal('1').optional().catch(undefined),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.floor(MAX_SKIP / BOOKINGS_PAGE_SIZE) + 1)
    .catch(1)
    .default(1),
});

export type BookingFilters = z.output<typeof fields>;
export type RawQuery = Record<string, string | string[] | undefined>;

export function readFilters(query: RawQuery): BookingFilters {
  const single = Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value || undefined]),
  );
  return fields.parse(single);
}

/** The API's list input for these filters, in the organisation in view. */
export function listInput(organisation: string, filters: BookingFilters, page = filters.page): ListBookingsInput {
  return listBookingsSchema.parse({
    organisation,
    keyword: filters.keyword || undefined,
    booking_reference: filters.reference,
    date_from: filters.from,
    date_to: filters.to,
    'show-child-organisations': filters.children === '1',
    skip: (page - 1) * BOOKINGS_PAGE_SIZE,
    take: BOOKINGS_PAGE_SIZE,
  });
}

/** The filters the address keeps (without the page): the pager's links and the export link carry them. */
export function keptFilters(filters: BookingFilters): URLSearchParams {
  const { keyword, reference, from, to, children } = filters;
  return filterQuery({ keyword, reference, from, to, children });
}
