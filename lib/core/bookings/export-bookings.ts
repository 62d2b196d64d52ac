import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/types';
import { MAX_SKIP } from '../shared/list-params';
import { bookingCsvHeader, bookingCsvRows } from './bookings-csv';
import { listBookings } from './list-bookings';
import type { ListBookingsInput } from './schemas';

/** Bookings read per page of the export: a page's relations are read in one round trip per kind. */
export const EXPORT_PAGE = 200;

/**
 * Every booking a list would show (the same filters, scope and roles as POST /agent/bookings, through
 * listBookings itself), as CSV text a page at a time, header first: the dashboard's export streams it
 * rather than holding the file. Like the API's list it stops at skip MAX_SKIP (100 000 bookings and one page):
 * beyond that a filter (dates, keyword) narrows the export. Newest first, so a booking created while the
 * export runs may shift one row into the next page and repeat; none is left out.
 */
export async function* bookingsCsvChunks(
  db: Db,
  actor: Actor,
  input: Omit<ListBookingsInput, 'skip' | 'take' | 'type'>,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<string> {
  yield bookingCsvHeader();
  for (let skip = 0; skip <= MAX_SKIP; skip += pageSize) {
    const page = await listBookings(db, actor, { ...input, type: 'csv', skip, take: pageSize });
    if (page.items.length) yield bookingCsvRows(page.items);
    if (!page.hasMore) return;
  }
}
