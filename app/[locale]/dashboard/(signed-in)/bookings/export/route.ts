import { now } from '@/lib/clock';
import { bookingsCsvChunks } from '@/lib/core/bookings/export-bookings';
import { getDb } from '@/lib/db/client';
import { requireStaff } from '../../../staff-session';
import { listInput, readFilters } from '../bookings-filters';

type Context = { params: Promise<{ locale: string }> };

/**
 * GET /dashboard/bookings/export?<the list's filters>: the bookings as CSV (the API's `type=csv` columns,
 * docs/api-extensions.md), every page of them, streamed. The session is checked by the pages' own requireStaff (none:
 * to the sign-in page; a session that may only register a passkey: to the account page); every member of staff may
 * read the list, so the export needs no other role.
 */
export async function GET(request: Request, { params }: Context) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  const filters = readFilters(Object.fromEntries(new URL(request.url).searchParams));
  const list = listInput(staff.rootOrganisationId, filters);
  const input = {
    organisation: list.organisation,
    keyword: list.keyword,
    booking_reference: list.booking_reference,
    date_from: list.date_from,
    date_to: list.date_to,
    'show-child-organisations': list['show-child-organisations'],
  };
  const db = await getDb();
  const chunks = bookingsCsvChunks(db, staff, input);
  const encoder = new TextEncoder();
  // The header and the first page are read before answering, so a failure there is an error, not a cut file.
  const first = [await chunks.next(), await chunks.next()];
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of first) if (!chunk.done) controller.enqueue(encoder.encode(chunk.value));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="bookings-${fileName(staff.rootOrganisationId)}.csv"`,
      'cache-control': 'no-store',
    },
  });
}

/** `bookings-org_acme-2026-11-26.csv`: the organisation in view and today (lib/clock.ts), safe in a header. */
const fileName = (organisation: string) => `${organisation.replace(/[^\w-]/g, '')}-${now().toISOString().slice(0, 10)}`;
