import { eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { emailOutbox } from '@/lib/db/schema';
import { runOnce } from '@/lib/runner/run-once';
import { runGroupAlerts } from '@/lib/runner/group-alerts-step';
import { resetClock } from '@/lib/sandbox/test-clock';
import { cards } from '../support/payments';
import { withRaceDatabases } from '../support/races';
import { inDays } from './group-support';
import { advanceDays, alertEmails, alertsOf, collectionGroup, collectionsOf } from './collection-support';

/*
 * Group alerts (docs/groups.md, "Automatic collection and alerts"): to the
 * leader and to the organisation user who created the group, each alert once
 * (a group_alerts row under a unique key, and its email in the same SQL
 * transaction), however many passes and workers.
 */
const dbs = withRaceDatabases();
afterEach(async () => {
  await resetClock(dbs.primary().db);
});

/** The alert step twice in a row, then from both pools at once. */
async function alertRepeatedly() {
  await runGroupAlerts(dbs.primary().db);
  await runGroupAlerts(dbs.primary().db);
  await Promise.all([runGroupAlerts(dbs.primary().db), runGroupAlerts(dbs.secondary().db)]);
}

/** The leader's and creator's alerts (the members' own reminders, `member_*`, are member-reminders.test.ts's). */
const keys = async (groupId: string) =>
  (await alertsOf(groupId))
    .map((a) => a.dedupeKey)
    .filter((key) => !key.startsWith('member_'))
    .sort();

describe('group alerts', () => {
  it('tells the leader and the creator once, 3 days before an unpaid instalment falls due', async () => {
    const { group, leadEmail, creatorEmail } = await collectionGroup({
      members: 2,
      optIn: 0,
      installments: [
        { amount: 10000, due_at: inDays(2) },
        { amount: 20000, due_at: inDays(40) },
      ],
    });
    await alertRepeatedly();
    const firsts = group.members.map((m) => `due_soon:${m.payment_links[0]!.id}`).sort();
    expect(await keys(group.id)).toEqual(firsts);
    for (const to of [leadEmail, creatorEmail]) {
      const emails = await alertEmails(to, 'due-soon');
      expect(emails, to).toHaveLength(1);
      // One email names every member whose instalment falls due.
      expect(emails[0]!.textBody).toContain('Member 1: £100.00 due');
      expect(emails[0]!.textBody).toContain('Member 2: £100.00 due');
    }
    // Only the leader's email carries the portal address (it holds their access token).
    expect((await alertEmails(leadEmail, 'due-soon'))[0]!.textBody).toContain(`/groups/${group.id}?token=`);
    expect((await alertEmails(creatorEmail, 'due-soon'))[0]!.textBody).not.toContain('token=');
  });

  it('alerts a missed instalment once (the member is overdue), not a paid one, and not one still being collected', async () => {
    const { group, leadEmail, creatorEmail } = await collectionGroup({ members: 2, optIn: 1 });
    const [payer, late] = group.members;
    await advanceDays(11);
    await alertRepeatedly();
    expect(await keys(group.id)).toEqual([`missed:${late!.payment_links[0]!.id}`]);
    expect(await alertEmails(leadEmail, 'missed')).toHaveLength(1);
    expect(await alertEmails(creatorEmail, 'missed')).toHaveLength(1);

    // The second due date: the opted-in member's instalment is collected, the other one is missed.
    await advanceDays(30);
    await Promise.all([runOnce(dbs.primary().db), runOnce(dbs.secondary().db)]);
    await alertRepeatedly();
    expect((await collectionsOf([payer!.payment_links[1]!.id]))[0]).toMatchObject({ status: 'COMPLETE' });
    expect(await keys(group.id)).toEqual(
      [`missed:${late!.payment_links[0]!.id}`, `missed:${late!.payment_links[1]!.id}`].sort(),
    );
    expect(await alertEmails(leadEmail, 'missed')).toHaveLength(2);
  });

  it('alerts a failed automatic charge once, to the leader and the creator, then the missed instalment', async () => {
    // 4000 0300 0000 0006: approved while the cardholder is present, declined when charged later as a stored card.
    const { group, leadEmail, creatorEmail } = await collectionGroup({ members: 1, card: cards.declinesLater });
    const linkId = group.members[0]!.payment_links[1]!.id;
    const [collection] = await collectionsOf([linkId]);
    await advanceDays(41);
    await Promise.all([runOnce(dbs.primary().db), runOnce(dbs.secondary().db)]);
    await Promise.all([runOnce(dbs.primary().db), runOnce(dbs.secondary().db)]);
    await alertRepeatedly();
    expect((await collectionsOf([linkId]))[0]).toMatchObject({ status: 'FAILED', failureReason: 'insufficient_funds' });
    expect(await keys(group.id)).toEqual([`charge_failed:${collection!.id}`, `missed:${linkId}`].sort());
    for (const to of [leadEmail, creatorEmail]) {
      const failed = await alertEmails(to, 'charge-failed');
      expect(failed, to).toHaveLength(1);
      expect(failed[0]!.textBody).toContain('Member 1: £200.00 due');
      expect(failed[0]!.textBody).toContain('insufficient_funds');
      expect(await alertEmails(to, 'missed'), to).toHaveLength(1);
    }
    // The group's people are told instead of the organisation's generic "scheduled payment failed" alert.
    const generic = await (
      await getDb()
    )
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.kind, 'alert:scheduled-payment-failed'));
    expect(generic.filter((e) => e.toAddress === creatorEmail)).toHaveLength(0);
    expect(await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.toAddress, leadEmail))).toHaveLength(
      2,
    );
  });
});
