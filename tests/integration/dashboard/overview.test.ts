import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { addMember } from '@/lib/core/groups/add-member';
import { getOverview } from '@/lib/core/overview/get-overview';
import { overviewWindowSql } from '@/lib/core/overview/overview-window';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query-rows';
import { ProcessorOutcomeUnknown, SandboxProcessor } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { bookingWithSavedCard, cards, createLinkVia, pay } from '../support/payments';
import { actorFor } from '../support/races';
import { withTestDatabase } from '../support/test-database';
import { groupVia, inDays } from '../groups/group-support';

withTestDatabase();
afterEach(async () => {
  vi.restoreAllMocks();
  await resetClock(await getDb());
});

const paid = async (token: string, organisation: string, amount: number, number: string = cards.visa) =>
  ((await pay(await createLinkVia(token, organisation, { amount }), number)) as { transactionId: string })
    .transactionId;
const overviewAs = async (apiKeyId: string, organisation: string, extra: { includeChildren?: boolean } = {}) => {
  const db = await getDb();
  return getOverview(db, await actorFor(db, apiKeyId), { organisation, ...extra });
};

describe('the overview read model', () => {
  it("counts the organisation's completed payments today and this week per currency, with its children only when asked", async () => {
    const { admin, parentId, childId } = await createTenant();
    await paid(admin.token, parentId, 10000);
    await paid(admin.token, parentId, 2500);
    await paid(admin.token, parentId, 7000, cards.declined);
    await paid(admin.token, childId, 4000);
    const other = await createTenant('Other');
    await paid(other.admin.token, other.parentId, 99900);

    const own = await overviewAs(admin.apiKeyId, parentId);
    // The card surcharge is off by default, so each payment is its link's amount.
    expect(own.payments).toEqual([
      { currency: 'GBX', today: { count: 2, total: 12500 }, week: { count: 2, total: 12500 } },
    ]);
    expect(own.time_zone).toBe('Europe/London');
    const withChildren = await overviewAs(admin.apiKeyId, parentId, { includeChildren: true });
    expect(withChildren.organisations).toEqual([parentId, childId]);
    expect(withChildren.payments[0]).toMatchObject({ today: { count: 3, total: 16500 } });
    // Another organisation's overview is refused as the API refuses its lists.
    await expect(overviewAs(admin.apiKeyId, other.parentId)).rejects.toMatchObject({
      code: 'auth.organisation_forbidden',
    });
  });

  it("bounds today and the week by the organisation's clock (Europe/London), summer and winter", async () => {
    const db = await getDb();
    const windowAt = async (at: string) => {
      const [row] = await queryRows<{ day_start: Date | string; week_start: Date | string }>(
        db,
        sql`select day_start, week_start from (${overviewWindowSql(new Date(at))}) w`,
      );
      return { day: new Date(row!.day_start).toISOString(), week: new Date(row!.week_start).toISOString() };
    };
    // 00:30 on Thursday 2 July in London (BST) is still Wednesday in UTC.
    expect(await windowAt('2026-07-01T23:30:00Z')).toEqual({
      day: '2026-07-01T23:00:00.000Z',
      week: '2026-06-28T23:00:00.000Z',
    });
    expect(await windowAt('2026-11-26T02:13:00Z')).toEqual({
      day: '2026-11-26T00:00:00.000Z',
      week: '2026-11-23T00:00:00.000Z',
    });
  });

  it('lists refunds awaiting authorisation and open chargebacks, chargebacks only with chargebacks:view', async () => {
    const tenant = await createTenant();
    const { admin, parentId } = tenant;
    const first = await paid(admin.token, parentId, 10000);
    const second = await paid(admin.token, parentId, 8000);
    const refund = await api.post(`/agent/transactions/${first}/refund`, { amount: 1000 }, { token: admin.token });
    expect(refund.status).toBe(200);
    const decided = await api.post(`/agent/transactions/${second}/refund`, { amount: 500 }, { token: admin.token });
    await api.get(`/agent/refunds/${decided.body.data.authorization_code}/decline`, { token: admin.token });
    const opened = await api.post(
      `/sandbox/transactions/${second}/chargeback`,
      { stage: 'notification' },
      { token: admin.token },
    );
    expect(opened.status).toBe(200);

    const overview = await overviewAs(admin.apiKeyId, parentId);
    expect(overview.needs_person.refunds_awaiting_authorisation).toEqual({
      count: 1,
      items: [expect.objectContaining({ id: refund.body.data.id, transaction_id: first, amount: 1000 })],
    });
    expect(overview.needs_person.chargebacks).toEqual({
      count: 1,
      items: [expect.objectContaining({ transaction_id: second, status: 'NOTIFIED' })],
    });

    const clerk = await tenant.makeCaller({
      roles: allRoles.filter((role) => role !== 'chargebacks:view'),
      organisationId: parentId,
    });
    const clerksView = await overviewAs(clerk.apiKeyId, parentId);
    expect(clerksView.needs_person.chargebacks).toBeNull();
    expect(clerksView.needs_person.refunds_awaiting_authorisation.count).toBe(1);

    // Won back: no longer open.
    await api.post(`/sandbox/transactions/${second}/chargeback`, { stage: 'reversed' }, { token: admin.token });
    expect((await overviewAs(admin.apiKeyId, parentId)).needs_person.chargebacks).toEqual({ count: 0, items: [] });
  });

  it('lists a failed scheduled payment until a person deals with it (a new one scheduled)', async () => {
    const { admin, parentId } = await createTenant();
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId, cards.declinesLater);
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 2500, date: inDays(-1) },
      { token: admin.token },
    );
    await runUntilIdle(await getDb());
    const failed = (await overviewAs(admin.apiKeyId, parentId)).needs_person.failed_collections;
    expect(failed).toEqual({
      count: 1,
      items: [expect.objectContaining({ booking_id: bookingId, amount: 2500, failure_reason: 'insufficient_funds' })],
    });
    expect(failed.items[0]!.failed_at).toEqual(expect.any(String));
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 2500, date: inDays(5) },
      { token: admin.token },
    );
    expect((await overviewAs(admin.apiKeyId, parentId)).needs_person.failed_collections.count).toBe(0);
  });

  it('lists unsettled payments with how long they have waited', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { amount: 4200 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(SandboxProcessor.prototype, 'notify').mockResolvedValue(undefined);
    const original = SandboxProcessor.prototype.authorise;
    vi.spyOn(SandboxProcessor.prototype, 'authorise').mockImplementationOnce(async function (
      this: SandboxProcessor,
      input,
    ) {
      await original.call(this, input);
      throw new ProcessorOutcomeUnknown('timed out after sending');
    });
    const outcome = (await pay(link)) as { outcome: string; transactionId: string };
    expect(outcome.outcome).toBe('unsettled');
    await advanceClock(await getDb(), { seconds: 600 });
    const unsettled = (await overviewAs(admin.apiKeyId, parentId)).needs_person.unsettled_payments;
    expect(unsettled.count).toBe(1);
    expect(unsettled.items[0]).toMatchObject({ id: outcome.transactionId, payment_link_id: link, amount: 4200 });
    expect(unsettled.items[0]!.age_seconds).toBeGreaterThanOrEqual(600);
  });

  it("sums open groups' balances (total, collected, outstanding, overdue) and lists members awaiting approval", async () => {
    const { admin, parentId } = await createTenant();
    expect(
      (
        await api.post(
          `/agent/organisations/${parentId}/settings`,
          { leader_members_require_approval: true },
          { token: admin.token },
        )
      ).status,
    ).toBe(200);
    const group = await groupVia(admin.token, parentId, {
      installments: [
        { amount: 10000, due_at: inDays(3) },
        { amount: 20000, due_at: inDays(40) },
      ],
    });
    const ann = group.members.find((m: { customer_name: string }) => m.customer_name === 'Ann');
    expect((await pay(ann.payment_links[0].id)) as { outcome: string }).toMatchObject({ outcome: 'paid' });
    const added = await addMember(await getDb(), group.id, { customer_name: 'Cleo', amount: 5000 });

    const before = await overviewAs(admin.apiKeyId, parentId);
    expect(before.group_balances.by_currency).toEqual([
      { currency: 'GBX', groups: 1, total: 65000, collected: 10000, outstanding: 55000, overdue: 0, overdue_groups: 0 },
    ]);
    expect(before.needs_person.members_awaiting_approval).toEqual({
      count: 1,
      items: [expect.objectContaining({ id: added.member_id, group_id: group.id, customer_name: 'Cleo' })],
    });

    // Five days on, Ben's first instalment and Cleo's share due on the same date are overdue.
    await advanceClock(await getDb(), { seconds: 5 * 86_400 });
    const after = await overviewAs(admin.apiKeyId, parentId);
    const [balance] = after.group_balances.by_currency;
    expect(balance).toMatchObject({ groups: 1, collected: 10000, outstanding: 55000, overdue_groups: 1 });
    expect(balance!.overdue).toBeGreaterThanOrEqual(10000);
    expect(after.group_balances.overdue.items).toEqual([
      expect.objectContaining({ id: group.id, booking_id: expect.any(String), outstanding: 55000 }),
    ]);
  });
});
