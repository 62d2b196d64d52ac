import { describe, expect, it, vi } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { getGroup } from '@/lib/core/groups/get-group';
import { loadStaffActor } from '@/lib/core/staff/load-staff-actor';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { getDb } from '@/lib/db/client';
import { createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * The group page's "send links" (issue 18 fixes item 2): the 303 names who was sent a link and who was skipped
 * and why, as the API's send-links answers, with codes only; the page reads them back to members' names.
 */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);

const groups = await import('@/app/[locale]/dashboard/(signed-in)/groups/actions');
const { readSendOutcome } = await import('@/app/[locale]/dashboard/(signed-in)/groups/send-outcome');

withTestDatabase();

describe('send links in the back office', () => {
  it('says who was sent a link and who was not, and why', async () => {
    const db = await getDb();
    const tenant = await createTenant('Send');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const sessionId = await signInByEmail(db, admin.email);
    dashboardRequest(await sealStaffSession(db, sessionId));
    const created = await endOf(
      groups.createGroupAction(
        formOf({
          locale: 'en-GB',
          lead_name: 'Lea Leader',
          lead_email: 'lea@example.com',
          booking_reference: 'TRIP-SEND-1',
          card_enabled: 'on',
          member_name: ['Ann', 'Cy', ''],
          member_email: ['ann@example.com', '', ''],
          member_amount: ['100', '50', ''],
          instalment_amount: ['', '', ''],
          instalment_due: ['', '', ''],
        }),
      ),
    );
    expect(created).toMatch(/^\/dashboard\/groups\/[0-9a-f-]{36}\?result=created$/);
    const id = created.split('/')[3]!.split('?')[0];
    const end = await endOf(groups.sendGroupLinksAction(formOf({ locale: 'en-GB', id: id! })));
    const address = new URL(end, 'http://x');
    expect(address.pathname).toBe(`/dashboard/groups/${id}`);
    expect(address.searchParams.get('result')).toBe('links-sent');
    // Codes only: no name or address of a member travels in the address.
    expect(end).not.toMatch(/Ann|Cy|example/);

    const group = await getGroup(db, (await loadStaffActor(db, sessionId))!, id!);
    const outcome = readSendOutcome(Object.fromEntries(address.searchParams), group.members)!;
    expect(outcome.sent.map((m) => m.customer_name)).toEqual(['Ann']);
    expect(outcome.skipped.map(({ member, reason }) => [member.customer_name, reason])).toEqual([['Cy', 'no_email']]);
    expect(outcome.unlisted).toBe(0);
    // Any other visit of the page names nobody; a forged reason is not shown.
    expect(readSendOutcome({ result: 'links-sent' } as Record<string, string>, group.members)).toBeNull();
    const forged = readSendOutcome(
      { sent: '', skipped: `${group.members[0]!.id.replace(/-/g, '').slice(-12)}.evil` },
      group.members,
    );
    expect(forged).toEqual({ sent: [], skipped: [], unlisted: 0 });
  });
});
