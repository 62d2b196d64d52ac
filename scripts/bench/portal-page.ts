import { SMALL_ORG } from './seed-bookings';

/*
 * The leader portal under load (issue 8): the page of a group of 200 members
 * with 12 instalments each (2 400 member links), rendered per request for the
 * leader's session. The group is made through the API, the session through
 * portal_url, as a leader's browser would get it.
 */

export const PORTAL_PAGE = 'portal page (/groups/{id}, 200 members × 12 instalments)';
export const PORTAL_MEMBERS = 200;
export const PORTAL_INSTALMENTS = 12;
/** Target of issue 8: the portal page's server render p50 under 150 ms. */
export const PORTAL_TARGET_P50_MS = 150;

const day = 86_400_000;

/** A 200 × 12 group of the small bench organisation; its page's path and the leader's session cookie. */
export async function portalPage(
  baseUrl: string,
  token: string,
  organisation = SMALL_ORG,
): Promise<{ path: string; cookie: string }> {
  const installments = Array.from({ length: PORTAL_INSTALMENTS }, (_, i) => ({
    amount: 5000,
    due_at: new Date(Date.now() + (30 + 30 * i) * day).toISOString().slice(0, 10),
  }));
  const members = Array.from({ length: PORTAL_MEMBERS }, (_, i) => ({
    customer_name: `Bench Member ${i + 1}`,
    email: `member${i + 1}@bench.travel-pay.test`,
    amount: 60000,
  }));
  const response = await fetch(`${baseUrl}/api/agent/payment-link-groups`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      organisation,
      lead_name: 'Bench Leader',
      lead_email: 'leader@bench.travel-pay.test',
      name: 'Bench choir tour',
      booking_reference: `BENCH-GROUP-${Date.now().toString(36)}`,
      members,
      installments,
    }),
  });
  const text = await response.text();
  const data =
    response.status === 200 ? (JSON.parse(text) as { data?: { id?: string; portal_url?: string } }).data : undefined;
  if (!data?.id || !data.portal_url)
    throw new Error(`PUT /api/agent/payment-link-groups answered ${response.status}: ${text.slice(0, 300)}`);
  // The bench server's PUBLIC_BASE_URL is its own address: portal_url's path and token, asked of it.
  const entry = new URL(data.portal_url);
  const answer = await fetch(`${baseUrl}${entry.pathname}${entry.search}`, { redirect: 'manual' });
  const cookie = answer.headers.get('set-cookie')?.split(';')[0];
  if (answer.status !== 303 || !cookie)
    throw new Error(`portal_url answered ${answer.status} without a session cookie`);
  return { path: entry.pathname, cookie };
}
