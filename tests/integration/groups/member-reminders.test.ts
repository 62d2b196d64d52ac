import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { emailOutbox } from '@/lib/db/schema';
import { runMemberReminders } from '@/lib/runner/member-reminders-step';
import { resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { withRaceDatabases } from '../support/races';
import { inDays } from './group-support';
import { advanceDays, alertsOf, collectionGroup } from './collection-support';

/*
 * The members' own reminders (docs/groups.md "Reminders to members"): before an instalment falls due and when
 * it is missed, each once per instalment and kind however many passes and runners; a member whose instalment
 * will be collected from their stored card is told so and is sent no pay link.
 */
const dbs = withRaceDatabases();
afterEach(async () => resetClock(dbs.primary().db));

async function remindRepeatedly() {
  await runMemberReminders(dbs.primary().db);
  await runMemberReminders(dbs.primary().db);
  await Promise.all([runMemberReminders(dbs.primary().db), runMemberReminders(dbs.secondary().db)]);
}

/** The member emails of a kind that name this link (its url). */
const remindersOf = async (linkId: string, kind?: string) =>
  (await (await getDb()).select().from(emailOutbox)).filter(
    (e) => e.kind.startsWith('group-member-') && (!kind || e.kind === kind) && e.textBody.includes(`/${linkId}`),
  );
const memberKeys = async (groupId: string) =>
  (await alertsOf(groupId))
    .map((a) => a.dedupeKey)
    .filter((k) => k.startsWith('member_'))
    .sort();

describe('member reminders', () => {
  it('reminds each member once, 3 days before an unpaid instalment falls due, to their own address', async () => {
    const { group } = await collectionGroup({
      members: 2,
      optIn: 0,
      installments: [
        { amount: 10000, due_at: inDays(2) },
        { amount: 20000, due_at: inDays(40) },
      ],
    });
    await remindRepeatedly();
    const firsts = group.members.map((m) => m.payment_links[0]!.id);
    expect(await memberKeys(group.id)).toEqual(firsts.map((id) => `member_due_soon:${id}`).sort());
    for (const [index, linkId] of firsts.entries()) {
      const emails = await remindersOf(linkId, 'group-member-reminder');
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ toAddress: `member${index + 1}@example.com` });
      expect(emails[0]!.subject).toMatch(
        /^Collect Travel: your payment of £100\.00 is due on \d{1,2} [A-Z][a-z]+ \d{4}$/,
      );
      expect(emails[0]!.textBody).toContain(`Dear Member ${index + 1},`);
    }
    // The second instalment is 40 days away: nothing yet.
    expect(await remindersOf(group.members[0]!.payment_links[1]!.id)).toHaveLength(0);
  });

  it("reminds as many days ahead as the organisation's member_reminder_days says", async () => {
    const { tenant, group } = await collectionGroup({
      members: 1,
      optIn: 0,
      installments: [{ amount: 10000, due_at: inDays(8) }],
    });
    const linkId = group.members[0]!.payment_links[0]!.id;
    await remindRepeatedly();
    expect(await remindersOf(linkId)).toHaveLength(0);
    const settings = await api.post(
      `/agent/organisations/${tenant.parentId}/settings`,
      { member_reminder_days: 10 },
      { token: tenant.admin.token },
    );
    expect(settings.body.data).toMatchObject({ member_reminder_days: 10 });
    await remindRepeatedly();
    expect(await remindersOf(linkId, 'group-member-reminder')).toHaveLength(1);
  });

  it('tells a member once that a missed instalment is overdue', async () => {
    const { group } = await collectionGroup({ members: 1, optIn: 0 });
    const linkId = group.members[0]!.payment_links[0]!.id;
    await advanceDays(11);
    await remindRepeatedly();
    const missed = await remindersOf(linkId, 'group-member-overdue');
    expect(missed).toHaveLength(1);
    expect(missed[0]!.subject).toMatch(/your payment of £100\.00 was due on/);
    expect(missed[0]!.textBody).toContain('has not been paid yet');
    expect(await memberKeys(group.id)).toContain(`member_missed:${linkId}`);
  });

  it('tells a member whose instalment will be collected that it will be, from which card; send-links skips them', async () => {
    const { tenant, group } = await collectionGroup({ members: 2, optIn: 1 });
    const [collected, payer] = group.members;
    const sent = await api.post(`/agent/payment-link-groups/${group.id}/send-links`, {}, { token: tenant.admin.token });
    expect(sent.body.data.skipped).toEqual([{ member_id: collected!.id, reason: 'auto_collect' }]);
    expect(sent.body.data.sent).toEqual([{ member_id: payer!.id, payment_link_id: payer!.payment_links[0]!.id }]);

    await advanceDays(38);
    await remindRepeatedly();
    const notice = await remindersOf(collected!.payment_links[1]!.id);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.kind).toBe('group-member-collection-notice');
    expect(notice[0]!.subject).toMatch(/^Collect Travel: £200\.00 will be collected from your card on /);
    expect(notice[0]!.textBody).toContain('from your Visa card ending 1111. You do not need to do anything.');
    expect(notice[0]!.textBody).not.toContain('Pay £200.00');
    // The member without a stored card is asked to pay: the first instalment is overdue, the second due soon.
    expect(await remindersOf(payer!.payment_links[0]!.id, 'group-member-overdue')).toHaveLength(1);
    const due = await remindersOf(payer!.payment_links[1]!.id, 'group-member-reminder');
    expect(due).toHaveLength(1);
    expect(due[0]!.textBody).toContain('Pay £200.00');
  });
});
