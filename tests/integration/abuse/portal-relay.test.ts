import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMember } from '@/lib/core/groups/add-member';
import { MAX_MEMBERS } from '@/lib/core/groups/group-input';
import {
  GROUP_SENDS_PER_HOUR,
  LEADER_MEMBERS_PER_DAY,
  MEMBER_SENDS_PER_DAY,
  MIN_LEADER_MEMBER_SHARE,
} from '@/lib/core/groups/group-limits';
import { portalAddMember, portalSendLinks, type PortalRequest } from '@/lib/core/groups/hosted-portal';
import { portalEntry } from '@/lib/core/groups/portal-entry';
import { portalToken } from '@/lib/core/groups/portal-token';
import { removeMember } from '@/lib/core/groups/remove-member';
import { sendGroupLinks } from '@/lib/core/groups/send-group-links';
import { getDb } from '@/lib/db/client';
import { auditRecords, emailOutbox } from '@/lib/db/schema';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { errorCode, groupVia } from '../groups/group-support';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * Issue 16, items 1 and 2: the leader portal as a card-testing factory (penny members, added
 * without limit) and as an email relay (any address, any name, sent again and again).
 */
const mailTo = async (to: string) =>
  (await getDb())
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'group_member_link')));
const audits = async (type: string, entityId: string) =>
  (
    await (
      await getDb()
    )
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.type, type), eq(auditRecords.entityId, entityId)))
  ).length;

async function leaderRequest(groupId: string): Promise<PortalRequest> {
  const params = new URLSearchParams({ token: await portalToken(await getDb(), groupId, 1) });
  return {
    groupId,
    sessionCookie: (await portalEntry(`/en-GB/groups/${groupId}`, params, undefined))!.session!,
    hostOrganisation: null,
  };
}

afterEach(async () => {
  vi.unstubAllEnvs();
  await resetClock(await getDb());
});

describe('member additions by the leader', () => {
  it('refuses a share under the minimum (the portal says why); the organiser is not held to it', async () => {
    const { admin, parentId } = await createTenant();
    const group = await groupVia(admin.token, parentId, { installments: [] });
    const leader = await leaderRequest(group.id);
    expect(await portalAddMember(leader, { customer_name: 'Penny', amount: 1 })).toEqual({
      result: 'share_below_minimum',
    });
    expect(await portalAddMember(leader, { customer_name: 'Penny', amount: MIN_LEADER_MEMBER_SHARE - 1 })).toEqual({
      result: 'share_below_minimum',
    });
    expect(await portalAddMember(leader, { customer_name: 'Pound', amount: MIN_LEADER_MEMBER_SHARE })).toEqual({
      result: 'member_added',
      member: expect.any(String),
    });
    const organiser = { userId: admin.userId, apiKeyId: admin.apiKeyId };
    await expect(
      addMember(await getDb(), group.id, { customer_name: 'Small', amount: 5 }, { by: organiser }),
    ).resolves.toMatchObject({ member_id: expect.any(String) });
  });

  it('caps the members a leader adds to a group in 24 hours; removing one frees nothing', async () => {
    const { admin, parentId } = await createTenant();
    const group = await groupVia(admin.token, parentId, { installments: [] });
    const db = await getDb();
    const added = [];
    for (let i = 0; i < LEADER_MEMBERS_PER_DAY; i += 1)
      added.push((await addMember(db, group.id, { customer_name: `M${i}`, amount: 1000 })).member_id);
    await expect(addMember(db, group.id, { customer_name: 'One more', amount: 1000 })).rejects.toMatchObject({
      code: 'group.member_additions_limited',
    });
    await removeMember(db, group.id, added[0]!);
    expect(await portalAddMember(await leaderRequest(group.id), { customer_name: 'One more', amount: 1000 })).toEqual({
      result: 'member_additions_limited',
    });
    await advanceClock(db, { seconds: 24 * 3600 + 60 });
    await expect(addMember(db, group.id, { customer_name: 'Next day', amount: 1000 })).resolves.toBeTruthy();
  });

  it('lets only one of two additions racing at the cap through', async () => {
    const { admin, parentId } = await createTenant();
    const group = await groupVia(admin.token, parentId, { installments: [] });
    const db = await getDb();
    for (let i = 0; i < LEADER_MEMBERS_PER_DAY - 1; i += 1)
      await addMember(db, group.id, { customer_name: `M${i}`, amount: 1000 });
    const results = await Promise.allSettled(
      [0, 1].map((i) => addMember(db, group.id, { customer_name: `Racer ${i}`, amount: 1000 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results.filter(
        (r) => r.status === 'rejected' && (r.reason as { code: string }).code === 'group.member_additions_limited',
      ),
    ).toHaveLength(1);
  });
});

describe('the size of a group', () => {
  it(`holds at most ${MAX_MEMBERS} live members however they are added; removing one makes room`, async () => {
    const { admin, parentId } = await createTenant();
    const members = Array.from({ length: MAX_MEMBERS }, (_, i) => ({ customer_name: `M${i}`, amount: 1000 }));
    const group = await groupVia(admin.token, parentId, { members, installments: [] });
    const db = await getDb();
    const leader = await leaderRequest(group.id);
    // The leader is far under the day's additions: the size alone refuses them, with a message of its own.
    expect(await portalAddMember(leader, { customer_name: 'One more', amount: 1000 })).toEqual({
      result: 'too_many_members',
    });
    const organiser = { userId: admin.userId, apiKeyId: admin.apiKeyId };
    await expect(
      addMember(db, group.id, { customer_name: 'One more', amount: 1000 }, { by: organiser }),
    ).rejects.toMatchObject({ code: 'group.too_many_members' });
    await removeMember(db, group.id, group.members[0].id);
    expect(await portalAddMember(leader, { customer_name: 'One more', amount: 1000 })).toEqual({
      result: 'member_added',
      member: expect.any(String),
    });
    expect(await portalAddMember(leader, { customer_name: 'And another', amount: 1000 })).toEqual({
      result: 'too_many_members',
    });
  });
});

describe('sending links', () => {
  it('sends one member at most the daily number of emails, auditing each; the rest are skipped as rate_limited', async () => {
    const { admin, parentId } = await createTenant();
    const group = await groupVia(admin.token, parentId);
    const ann = group.members[0].id as string;
    const db = await getDb();
    for (let i = 0; i < MEMBER_SENDS_PER_DAY; i += 1)
      expect((await sendGroupLinks(db, group.id, { memberId: ann })).sent).toHaveLength(1);
    expect(await sendGroupLinks(db, group.id, { memberId: ann })).toEqual({
      sent: [],
      skipped: [{ member_id: ann, reason: 'rate_limited' }],
    });
    expect(await portalSendLinks(await leaderRequest(group.id), ann)).toEqual({ result: 'links_held', count: 1 });
    expect(await mailTo('ann@example.com')).toHaveLength(MEMBER_SENDS_PER_DAY);
    expect(await audits('payment-link-group:send-link', ann)).toBe(MEMBER_SENDS_PER_DAY);
    // Ben was never sent anything: "send to all" reaches him.
    expect((await sendGroupLinks(db, group.id)).sent.map((s) => s.member_id)).toEqual([group.members[1].id]);
    await advanceClock(db, { seconds: 24 * 3600 + 60 });
    expect((await sendGroupLinks(db, group.id, { memberId: ann })).sent).toHaveLength(1);
  });

  it("refuses a group's sends past the hourly limit, in the API's envelope and the portal's message", async () => {
    const { admin, parentId } = await createTenant();
    const group = await groupVia(admin.token, parentId);
    for (let i = 0; i < GROUP_SENDS_PER_HOUR; i += 1)
      expect(
        (await api.post(`/agent/payment-link-groups/${group.id}/send-links`, {}, { token: admin.token })).status,
      ).toBe(200);
    const refused = await api.post(`/agent/payment-link-groups/${group.id}/send-links`, {}, { token: admin.token });
    expect(errorCode(refused)).toEqual([429, 'group.send_rate_limited']);
    expect(await portalSendLinks(await leaderRequest(group.id))).toEqual({ result: 'send_rate_limited' });
    expect(await audits('payment-link-group:send-links', group.id)).toBe(GROUP_SENDS_PER_HOUR);
  });
});

describe('organisation approval of leader-added members (leader_members_require_approval)', () => {
  it('defaults to on in production and off in the sandbox', async () => {
    const { admin, parentId } = await createTenant();
    const settings = () => api.get(`/agent/organisations/${parentId}/settings`, { token: admin.token });
    expect((await settings()).body.data.leader_members_require_approval).toBe(false);
    vi.stubEnv('MODE', 'production');
    expect((await settings()).body.data.leader_members_require_approval).toBe(true);
  });

  it("holds a leader-added member's email until the organisation approves them; organiser-added members are not held", async () => {
    const { admin, parentId } = await createTenant();
    const on = await api.post(
      `/agent/organisations/${parentId}/settings`,
      { leader_members_require_approval: true },
      { token: admin.token },
    );
    expect(on.body.data.leader_members_require_approval).toBe(true);
    const group = await groupVia(admin.token, parentId);
    const leader = await leaderRequest(group.id);
    expect(
      await portalAddMember(leader, { customer_name: '<b>Win a prize</b>', email: 'victim@example.net', amount: 5000 }),
    ).toEqual({ result: 'member_added', member: expect.any(String) });
    const read = await api.get(`/agent/payment-link-groups/${group.id}`, { token: admin.token });
    const member = read.body.data.members.find((m: { email: string }) => m.email === 'victim@example.net');
    // The organiser sees whom the leader added and whether they are approved.
    expect(member).toMatchObject({ added_by_leader: true, approved_at: null });
    expect(read.body.data.members[0]).toMatchObject({ added_by_leader: false, approved_at: null });
    const added = member.id as string;
    expect(await portalSendLinks(leader, added)).toEqual({ result: 'links_held', count: 1 });
    expect(await mailTo('victim@example.net')).toHaveLength(0);
    // Send to all: the organiser's members go, the leader's waits.
    expect(await portalSendLinks(leader)).toEqual({
      result: 'links_sent',
      count: 2,
      skipped: 1,
      skips: { awaiting_approval: 1 },
    });
    const approve = (id: string) =>
      api.post(`/agent/payment-link-groups/${group.id}/members/${id}/approve`, {}, { token: admin.token });
    expect(errorCode(await approve(group.members[0].id))).toEqual([409, 'group.member_not_leader_added']);
    const approved = await approve(added);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ member_id: added, approved_at: expect.any(String) });
    expect(await audits('payment-link-group:approve-member', added)).toBe(1);
    const after = await api.get(`/agent/payment-link-groups/${group.id}`, { token: admin.token });
    expect(after.body.data.members.find((m: { id: string }) => m.id === added).approved_at).toBe(
      approved.body.data.approved_at,
    );
    expect(await portalSendLinks(leader, added)).toEqual({
      result: 'links_sent',
      count: 1,
      skipped: 0,
      skips: {},
      member: added,
    });
    expect(await mailTo('victim@example.net')).toHaveLength(1);
    const other = await createTenant('Other');
    expect(
      (
        await api.post(
          `/agent/payment-link-groups/${group.id}/members/${added}/approve`,
          {},
          { token: other.admin.token },
        )
      ).status,
    ).toBe(404);
  });
});
