import { describe, expect, it } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { hostedPortalCsv } from '@/lib/core/groups/hosted-portal';
import { loadGroupHeader } from '@/lib/core/groups/load-group';
import { PORTAL_CSV_HEADER, portalCsv } from '@/lib/core/groups/portal-csv';
import { portalEntry } from '@/lib/core/groups/portal-entry';
import { portalToken } from '@/lib/core/groups/portal-token';
import { getDb } from '@/lib/db/client';
import { createTenant } from '../support/fixtures';
import { cards, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { parseCsv } from '../../unit/support/parse-csv';
import { groupVia, inDays } from './group-support';

/*
 * The leader's CSV export of members and payments (issue 17 item 14; lib/core/groups/portal-csv.ts):
 * one row per instalment of each live member, read back as a spreadsheet reads it; names that a
 * spreadsheet would run as formulas stay text; only the leader's portal session gets it.
 */
withTestDatabase();

const HYPERLINK = '=HYPERLINK("http://evil.example","Click")';

async function exportGroup() {
  const tenant = await createTenant('Export');
  const group = await groupVia(tenant.admin.token, tenant.parentId, {
    booking_reference: 'GRP/2027 "Lisbon"',
    members: [
      { customer_name: 'Lovelace, Ada "Countess"', amount: 30000, email: 'ada@example.com' },
      { customer_name: HYPERLINK, amount: 30000, email: '+44@example.com' },
      { customer_name: 'Ben', amount: 30000, email: 'ben@example.com' },
    ],
    installments: [
      { amount: 10000, due_at: inDays(10) },
      { amount: 20000, due_at: inDays(40) },
    ],
  });
  const [ada, evil, ben] = group.members as { id: string; payment_links: { id: string; due_at: string }[] }[];
  expect(await pay(ada!.payment_links[0]!.id)).toMatchObject({ outcome: 'paid' });
  // Ben pays both instalments at once: the second is settled by the first's payment.
  expect(
    await pay(ben!.payment_links[0]!.id, cards.visa, { coveredLinkIds: [ben!.payment_links[1]!.id] }),
  ).toMatchObject({ outcome: 'paid' });
  return { tenant, group, ada: ada!, evil: evil!, ben: ben! };
}

const rowsOf = (csv: string) => {
  const [header, ...rows] = parseCsv(csv);
  return { header, rows: rows.map((r) => Object.fromEntries(header!.map((name, i) => [name, r[i]]))) };
};

describe('the CSV export of members and payments', () => {
  it('one row per instalment, paid when and by which payment, statuses and amounts; formulas stay text', async () => {
    const { group, ada, ben } = await exportGroup();
    const db = await getDb();
    setClockOffset(11 * 86_400_000); // past the first due date: the member who has not paid it is overdue
    let csv: string;
    try {
      csv = await portalCsv(db, (await loadGroupHeader(db, group.id))!);
    } finally {
      setClockOffset(0);
    }
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(8); // header, 6 rows, the last CRLF
    const { header, rows } = rowsOf(csv);
    expect(header).toEqual([...PORTAL_CSV_HEADER]);
    expect(rows.map((r) => [r.member, r.instalment, r.amount, r.instalment_status, r.member_status])).toEqual([
      ['Lovelace, Ada "Countess"', '1', '100.00', 'paid', 'outstanding'],
      ['Lovelace, Ada "Countess"', '2', '200.00', 'unpaid', 'outstanding'],
      [`'${HYPERLINK}`, '1', '100.00', 'overdue', 'overdue'],
      [`'${HYPERLINK}`, '2', '200.00', 'unpaid', 'overdue'],
      ['Ben', '1', '100.00', 'paid', 'paid'],
      ['Ben', '2', '200.00', 'paid', 'paid'],
    ]);
    expect(rows[2]).toMatchObject({ email: "'+44@example.com", member_overdue: '100.00', member_paid: '0.00' });
    expect(rows[0]).toMatchObject({
      email: 'ada@example.com',
      share: '300.00',
      member_paid: '100.00',
      member_remaining: '200.00',
      member_overdue: '0.00',
      automatic_collection: 'off',
      due_date: ada.payment_links[0]!.due_at.slice(0, 10),
      currency: 'GBP',
    });
    expect(rows[0]!.paid_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rows[0]!.payment_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[1]).toMatchObject({ paid_at: '', payment_id: '' });
    // Ben's second instalment was paid by the payment taken on his first.
    expect(rows[5]!.payment_id).toBe(rows[4]!.payment_id);
    expect(ben.payment_links).toHaveLength(2);
  });

  it("only the leader's portal session gets it", async () => {
    const { group, tenant } = await exportGroup();
    const other = await groupVia(tenant.admin.token, tenant.parentId);
    const db = await getDb();
    const session = async (id: string) =>
      (await portalEntry(`/groups/${id}`, new URLSearchParams({ token: await portalToken(db, id, 1) }), undefined))!
        .session!;
    const request = { groupId: group.id, hostOrganisation: null };
    expect(await hostedPortalCsv({ ...request, sessionCookie: undefined })).toEqual({ state: 'signed_out' });
    expect(await hostedPortalCsv({ ...request, sessionCookie: await session(other.id) })).toEqual({
      state: 'signed_out',
    });
    const open = await hostedPortalCsv({ ...request, sessionCookie: await session(group.id) });
    expect(open).toMatchObject({ state: 'open', bookingReference: 'GRP/2027 "Lisbon"' });
    expect(open.state === 'open' && parseCsv(open.csv)).toHaveLength(7);
    // Another organisation's portal domain: not found.
    expect(
      await hostedPortalCsv({ ...request, sessionCookie: await session(group.id), hostOrganisation: 'org_other' }),
    ).toEqual({ state: 'not_found' });
  });
});
