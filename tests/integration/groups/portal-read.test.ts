import { describe, expect, it } from 'vitest';
import { now, setClockOffset } from '@/lib/clock';
import { addMember } from '@/lib/core/groups/add-member';
import { loadGroup } from '@/lib/core/groups/get-group';
import { loadGroupHeader } from '@/lib/core/groups/load-group';
import { loadPortalGroup } from '@/lib/core/groups/portal-read';
import { getDb } from '@/lib/db/client';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createGroupFixture } from '../support/groups';
import { cards, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/** What the portal derives from the API's read (hosted-portal.ts before portal-read.ts): the reference. */
async function fromApiRead(groupId: string) {
  const group = (await loadGroup(await getDb(), groupId))!;
  const origin = new URL(group.portal_url).origin;
  return {
    ...group,
    // added_by_leader and approved_at are the organiser's (docs/groups.md, "Limits"): the portal reads neither.
    members: group.members.map(({ payment_links: links, ...member }) => {
      const next = links.find((link) => !link.paid);
      const {
        added_by_leader: leader,
        approved_at: approved,
        ...shown
      } = {
        ...member,
        next_link_url: next ? `${origin}/${next.id}` : null,
        overdue_amount: links
          .filter((link) => !link.paid && link.due_at !== null && Date.parse(link.due_at) <= now().getTime())
          .reduce((sum, link) => sum + link.amount, 0),
      };
      void leader;
      void approved;
      return shown;
    }),
  };
}

const portalRead = async (groupId: string) =>
  loadPortalGroup(await getDb(), (await loadGroupHeader(await getDb(), groupId))!);

describe('the portal read (per-member sums in SQL)', () => {
  it('shows what the API read shows: paid by own and covering payments, overdue, next link and due date, instalment totals, group totals', async () => {
    const { admin, parentId } = await createTenant();
    const { groupId, members } = await createGroupFixture(admin, parentId, 4, [3000, 2000, 1500]);
    const [one, two, three] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    await pay(one.links[0]!); // first instalment paid: next is the second
    await pay(two.links[0]!, cards.visa, { coveredLinkIds: [two.links[1]!, two.links[2]!] }); // everything at once: paid
    await pay(three.links[1]!); // the second alone: the first stays next
    await addMember(await getDb(), groupId, { customer_name: 'Late Member', amount: 650 }); // added by the leader: links split by the schedule
    expect(await portalRead(groupId)).toEqual(await fromApiRead(groupId));
    const view = await portalRead(groupId);
    expect(view.members.map((m) => m.status).slice(0, 4)).toEqual([
      'outstanding',
      'paid',
      'outstanding',
      'outstanding',
    ]);
    // Past the first due date: the members who have not paid it are overdue.
    setClockOffset(11 * 86_400_000);
    try {
      expect(await portalRead(groupId)).toEqual(await fromApiRead(groupId));
      expect((await portalRead(groupId)).members.map((m) => m.status).slice(0, 4)).toEqual([
        'outstanding',
        'paid',
        'overdue',
        'overdue',
      ]);
    } finally {
      setClockOffset(0);
    }
  });

  it('a group without members or schedule', async () => {
    const { admin, parentId } = await createTenant();
    const response = await api.put(
      '/agent/payment-link-groups',
      {
        organisation: parentId,
        lead_name: 'Lena Leader',
        lead_email: 'lena@example.com',
        booking_reference: 'GRP-EMPTY',
        members: [],
      },
      { token: admin.token },
    );
    expect(response.status).toBe(200);
    expect(await portalRead(response.body.data.id)).toEqual(await fromApiRead(response.body.data.id));
  });
});
