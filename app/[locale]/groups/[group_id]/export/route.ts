import { cookies, headers } from 'next/headers';
import { hostedPortalCsv } from '@/lib/core/groups/hosted-portal';
import { PORTAL_SESSION_COOKIE } from '@/lib/core/groups/portal-session';
import { PORTAL_ORGANISATION_HEADER } from '@/lib/http/portal-paths';
import { portalPath } from '../portal-paths';

type Context = { params: Promise<{ locale: string; group_id: string }> };

/**
 * The group's members and payments as CSV (issue 17 item 14; lib/core/groups/portal-csv.ts), for the
 * leader only: the portal page's gate (session at the current token version, the group's own host).
 * Signed out, the browser goes to the portal page, which says how to get in; an unknown group is a 404.
 */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { locale, group_id: groupId } = await params;
  const answer = await hostedPortalCsv({
    groupId,
    sessionCookie: (await cookies()).get(PORTAL_SESSION_COOKIE)?.value,
    hostOrganisation: (await headers()).get(PORTAL_ORGANISATION_HEADER),
  });
  if (answer.state === 'not_found')
    return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  if (answer.state === 'signed_out')
    return new Response(null, {
      status: 303,
      headers: { Location: portalPath(locale, groupId), 'Cache-Control': 'no-store' },
    });
  // The booking reference names the file; anything but letters, digits and dashes becomes a dash (a header value).
  const name = `group-${answer.bookingReference.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 60)}-payments.csv`;
  return new Response(answer.csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
