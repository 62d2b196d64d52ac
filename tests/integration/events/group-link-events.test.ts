import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { paymentLinks } from '@/lib/db/schema';
import { announceExpiredLinks } from '@/lib/runner/link-expiry-step';
import { runGroupAlerts } from '@/lib/runner/group-alerts-step';
import { runDueScheduledPayments } from '@/lib/runner/scheduled-payments-step';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant, tokenFor, type Tenant } from '../support/fixtures';
import { createGroupFixture } from '../support/groups';
import { cards, createLinkVia, pay } from '../support/payments';
import { withRaceDatabases } from '../support/races';
import { advanceDays, collectionGroup, collectionsOf } from '../groups/collection-support';
import { eventsOf, eventsOfOrganisation, expectOneEvent, renderEvent, subscribe } from './event-support';

/*
 * Payment link and group events: payment_link.paid per link a payment pays,
 * payment_link.expired announced once by the runner, and the group events
 * where the group's own state changes (member payment, alerts).
 */
const dbs = withRaceDatabases();
afterEach(async () => {
  await resetClock(dbs.primary().db);
});

const freshToken = (tenant: Tenant) => tokenFor(tenant.admin.publicKey, tenant.admin.privateKey);
const getLink = async (token: string, id: string) => (await api.get(`/agent/payment-links/${id}`, { token })).body.data;
const getGroup = async (token: string, id: string) =>
  (await api.get(`/agent/payment-link-groups/${id}`, { token })).body.data;
const linkRows = async (ids: string[]) =>
  (await getDb()).select().from(paymentLinks).where(inArray(paymentLinks.id, ids));

describe('payment_link_group.member_paid and payment_link.paid per link', () => {
  it('a member paying two instalments at once: one paid event per link, one member_paid with the group', async () => {
    const tenant = await createTenant('Member');
    const {
      groupId,
      members: [member],
    } = await createGroupFixture(tenant.admin, tenant.parentId, 1, [3000, 2000, 1500]);
    const [first, second, third] = member!.links as [string, string, string];
    const endpoint = await subscribe(tenant.parentId);
    const outcome = await pay(first, cards.visa, { coveredLinkIds: [second] });
    expect(outcome).toMatchObject({ outcome: 'paid' });
    for (const linkId of [first, second]) {
      const paid = await expectOneEvent({
        organisationId: tenant.parentId,
        type: 'payment_link.paid',
        resourceId: linkId,
        expected: await getLink(tenant.admin.token, linkId),
        endpointIds: [endpoint],
      });
      expect(paid.data).toMatchObject({ status: 'paid' });
    }
    const group = await getGroup(tenant.admin.token, groupId);
    const event = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'payment_link_group.member_paid',
      resourceId: groupId,
      expected: group,
      endpointIds: [endpoint],
    });
    expect(event.data).toMatchObject({ members: [{ paid_amount: 5000 }] });
    expect(await eventsOf(third)).toEqual([]);
  });
  it('an instalment collected by the runner (one statement per charge): its link paid and the member paid, once with two workers', async () => {
    const { tenant, group } = await collectionGroup({ members: 1 });
    const endpoint = await subscribe(tenant.parentId);
    const linkId = group.members[0]!.payment_links[1]!.id;
    const [collection] = await collectionsOf([linkId]);
    await advanceDays(41);
    await Promise.all([runDueScheduledPayments(dbs.primary().db), runDueScheduledPayments(dbs.secondary().db)]);
    const token = await freshToken(tenant);
    const [done] = await collectionsOf([linkId]);
    expect(done).toMatchObject({ status: 'COMPLETE' });
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'payment_link.paid',
      resourceId: linkId,
      expected: await getLink(token, linkId),
      endpointIds: [endpoint],
    });
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'payment_link_group.member_paid',
      resourceId: group.id,
      expected: await getGroup(token, group.id),
      endpointIds: [endpoint],
    });
    const transaction = (await api.get(`/agent/transactions/${done!.transactionId}`, { token })).body.data;
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'transaction.completed',
      resourceId: done!.transactionId!,
      expected: transaction,
      endpointIds: [endpoint],
    });
    expect(await eventsOf(collection!.id, 'scheduled_payment.completed')).toHaveLength(1);
  });
});

describe('payment_link.expired', () => {
  it('announces an unpaid expired link once with two workers; not a paid, deleted or unexpired one, nor an ecommerce session', async () => {
    const tenant = await createTenant('Expiry');
    const quiet = await createTenant('Quiet');
    const endpoint = await subscribe(tenant.parentId, { eventTypes: ['payment_link.expired'] });
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const expiring = await createLinkVia(tenant.admin.token, tenant.parentId, { expires_at: soon });
    const paid = await createLinkVia(tenant.admin.token, tenant.parentId, { expires_at: soon });
    await pay(paid);
    const deleted = await createLinkVia(tenant.admin.token, tenant.parentId, { expires_at: soon });
    expect((await api.delete(`/agent/payment-links/${deleted}`, { token: tenant.admin.token })).status).toBe(200);
    const later = await createLinkVia(tenant.admin.token, tenant.parentId, {
      expires_at: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    });
    const session = (
      await api.put(
        '/agent/ecommerce',
        {
          organisation: tenant.parentId,
          customer_name: 'Eve',
          email: 'eve@example.com',
          amount: 4999,
          expires_at: soon,
        },
        { token: tenant.admin.token },
      )
    ).body.data.id;
    const unheard = await createLinkVia(quiet.admin.token, quiet.parentId, { expires_at: soon });

    await advanceClock(dbs.primary().db, { seconds: 2 * 86_400 });
    // Batches of one, so that both workers take some, on two pools at once.
    const passes = await Promise.all(
      [0, 1, 2].flatMap(() => [announceExpiredLinks(dbs.primary().db, 1), announceExpiredLinks(dbs.secondary().db, 1)]),
    );
    while ((await announceExpiredLinks(dbs.primary().db, 1)) > 0) passes.push(1);

    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'payment_link.expired',
      resourceId: expiring,
      expected: await getLink(await freshToken(tenant), expiring),
      endpointIds: [endpoint],
    });
    expect((await eventsOfOrganisation(tenant.parentId)).map((e) => e.resourceId)).toEqual([expiring]);
    expect(await eventsOf(session)).toEqual([]);
    expect(await eventsOfOrganisation(quiet.parentId)).toEqual([]);
    // Every expired link, the session and the other organisation's link included, left the scan; the unexpired one did not.
    const rows = await linkRows([expiring, paid, session, unheard, later]);
    expect(Object.fromEntries(rows.map((l) => [l.id, l.expiryAnnouncedAt !== null]))).toEqual({
      [expiring]: true,
      [paid]: true,
      [session]: true,
      [unheard]: true,
      [later]: false,
    });
  });

  it('waits while a payment on the link is in progress', async () => {
    const tenant = await createTenant('Busy');
    await subscribe(tenant.parentId);
    const linkId = await createLinkVia(tenant.admin.token, tenant.parentId, {
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await pay(linkId, cards.visa3ds)).outcome).toBe('challenge');
    await advanceClock(dbs.primary().db, { seconds: 2 * 86_400 });
    await announceExpiredLinks(dbs.primary().db);
    expect(await eventsOf(linkId, 'payment_link.expired')).toEqual([]);
    expect((await linkRows([linkId]))[0]!.expiryAnnouncedAt).toBeNull();
  });
});

describe('payment_link_group.member_overdue and .collection_failed', () => {
  it('a missed instalment: member_overdue once, in the pass that sends its alert', async () => {
    const { tenant, group } = await collectionGroup({ members: 2, optIn: 1 });
    const endpoint = await subscribe(tenant.parentId);
    const late = group.members[1]!;
    await advanceDays(11);
    await runGroupAlerts(dbs.primary().db);
    await Promise.all([runGroupAlerts(dbs.primary().db), runGroupAlerts(dbs.secondary().db)]);
    const data = await getGroup(await freshToken(tenant), group.id);
    const event = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'payment_link_group.member_overdue',
      resourceId: group.id,
      expected: data,
      endpointIds: [endpoint],
    });
    expect(
      (event.data as { members: { id: string; status: string }[] }).members.find((m) => m.id === late.id),
    ).toMatchObject({ status: 'overdue' });
  });

  it('an automatic collection that fails for good: collection_failed and scheduled_payment.failed, once', async () => {
    const { tenant, group } = await collectionGroup({ members: 1, card: cards.declinesLater });
    const endpoint = await subscribe(tenant.parentId, {
      eventTypes: ['payment_link_group.collection_failed', 'scheduled_payment.failed'],
    });
    const linkId = group.members[0]!.payment_links[1]!.id;
    const [collection] = await collectionsOf([linkId]);
    // Not yet missed: the alert step has not looked at this due date (the collection was still under way).
    await advanceDays(40.5);
    await Promise.all([runDueScheduledPayments(dbs.primary().db, 1), runDueScheduledPayments(dbs.secondary().db, 1)]);
    expect((await collectionsOf([linkId]))[0]).toMatchObject({ status: 'FAILED' });
    const token = await freshToken(tenant);
    const events = await eventsOfOrganisation(tenant.parentId);
    const failed = events.find((e) => e.type === 'payment_link_group.collection_failed');
    expect(events.filter((e) => e.type === 'payment_link_group.collection_failed')).toHaveLength(1);
    expect(failed).toMatchObject({ resourceId: group.id });
    // The group as its GET shows it now (the member overdue, the collection failed).
    expect(failed!.data).toBeNull();
    expect((await renderEvent(failed!)).data).toEqual(await getGroup(token, group.id));
    const listed = (
      await api.post('/payment/scheduled-payment', { organisation: tenant.parentId, total_filter: 'FAILED' }, { token })
    ).body.data;
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'scheduled_payment.failed',
      resourceId: collection!.id,
      expected: listed.find((p: { id: string }) => p.id === collection!.id),
      endpointIds: [endpoint],
    });
  });
});
