import { eq } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { emailOutbox, organisationNotices, transactions } from '@/lib/db/schema';
import { formatShortReference } from '@/lib/core/transactions/short-reference';
import { londonYesterday, runMerchantNotices } from '@/lib/runner/merchant-notices-step';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant, type Tenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withRaceDatabases } from '../support/races';

/*
 * The organisation's notices of its payments (docs/groups.md "Notices to the organisation"): the setting
 * merchant_notices, one email per payment or one digest a day, each exactly once however many runners race.
 */
const dbs = withRaceDatabases();
afterEach(async () => resetClock(dbs.primary().db));

/** The notice step twice in a row, then from both pools at once. */
async function noticeRepeatedly() {
  await runMerchantNotices(dbs.primary().db);
  await runMerchantNotices(dbs.primary().db);
  await Promise.all([runMerchantNotices(dbs.primary().db), runMerchantNotices(dbs.secondary().db)]);
}

const settings = (tenant: Tenant, body: Record<string, unknown>) =>
  api.post(`/agent/organisations/${tenant.parentId}/settings`, body, { token: tenant.admin.token });
/** The payment of a paid link, as staff would look it up. */
const paymentOf = async (linkId: string) =>
  (await (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, linkId)))[0]!;
const mailTo = async (to: string) => (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

async function tenantWith(mode: string) {
  const tenant = await createTenant(`Notice ${mode}`);
  const inbox = `accounts-${Math.random().toString(36).slice(2, 10)}@example.com`;
  expect((await settings(tenant, { merchant_notices: mode, notification_email: inbox })).status).toBe(200);
  return { tenant, inbox };
}

async function paidLinks(tenant: Tenant, amounts: number[]) {
  const ids: string[] = [];
  for (const amount of amounts) {
    const id = await createLinkVia(tenant.admin.token, tenant.parentId, { amount, customer_name: `Payer ${amount}` });
    expect(await pay(id, cards.visa)).toMatchObject({ outcome: 'paid' });
    ids.push(id);
  }
  return ids;
}

describe('merchant notices', () => {
  it('is off by default, validated, and answered with the defaults', async () => {
    const tenant = await createTenant('Defaults');
    const read = await api.get(`/agent/organisations/${tenant.parentId}/settings`, { token: tenant.admin.token });
    expect(read.body.data).toMatchObject({
      merchant_notices: 'off',
      send_leader_portal_link: true,
      member_reminder_days: 3,
    });
    const refused = await settings(tenant, { merchant_notices: 'weekly', member_reminder_days: 31 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(/merchant_notices/);
    await paidLinks(tenant, [1500]);
    await noticeRepeatedly();
    const notices = await (
      await getDb()
    )
      .select()
      .from(organisationNotices)
      .where(eq(organisationNotices.organisationId, tenant.parentId));
    expect(notices).toHaveLength(0);
  });

  it('emails one notice per completed payment, once, with what was paid and how', async () => {
    const { tenant, inbox } = await tenantWith('each_payment');
    const [first, second] = await paidLinks(tenant, [12345, 6789]);
    await noticeRepeatedly();
    const emails = await mailTo(inbox);
    expect(emails.map((e) => e.kind)).toEqual(['merchant-payment', 'merchant-payment']);
    expect(emails.map((e) => e.subject).sort()).toEqual([
      'Notice each_payment Travel: payment of £123.45 received',
      'Notice each_payment Travel: payment of £67.89 received',
    ]);
    const big = emails.find((e) => e.subject.includes('£123.45'))!;
    expect(big.textBody).toContain('Payer 12345');
    expect(big.textBody).toContain('Visa card ending 1111');
    // The short reference the payer's receipt shows, so staff find the payment a customer quotes; not the UUID.
    const payment = await paymentOf(first!);
    expect(big.textBody).toMatch(new RegExp(`Payment reference\\s+${formatShortReference(payment.shortReference)}`));
    expect(big.textBody).not.toContain(payment.id);
    // Each payment's claim, once.
    const keys = (
      await (
        await getDb()
      )
        .select()
        .from(organisationNotices)
        .where(eq(organisationNotices.organisationId, tenant.parentId))
    ).map((n) => n.dedupeKey);
    expect(keys).toHaveLength(2);
    expect(first).not.toBe(second);
  });

  it("emails one digest of the day's payments after the day ends, once, even with two runners", async () => {
    const { tenant, inbox } = await tenantWith('daily_digest');
    const links = await paidLinks(tenant, [10000, 2550]);
    await noticeRepeatedly();
    // The day is not over: nothing yet, not even the claim of today.
    expect(await mailTo(inbox)).toHaveLength(0);
    await advanceClock(await getDb(), { seconds: 86_400 });
    const day = londonYesterday(now());
    await noticeRepeatedly();
    await advanceClock(await getDb(), { seconds: 60 });
    await noticeRepeatedly();
    const emails = await mailTo(inbox);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.kind).toBe('merchant-digest');
    expect(emails[0]!.subject).toMatch(/^Notice daily_digest Travel: 2 payments on \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(emails[0]!.textBody).toContain('2 payments were completed on');
    expect(emails[0]!.textBody).toContain('£125.50 in all');
    expect(emails[0]!.textBody).toContain('Payer 2550');
    // Each line quotes the payment's short reference, as the payer's receipt shows it.
    for (const link of links) {
      const payment = await paymentOf(link);
      expect(emails[0]!.textBody).toContain(`payment ${formatShortReference(payment.shortReference)}`);
      expect(emails[0]!.textBody).not.toContain(payment.id);
    }
    const digests = await (
      await getDb()
    )
      .select()
      .from(organisationNotices)
      .where(eq(organisationNotices.dedupeKey, `digest:${day}:${tenant.parentId}`));
    expect(digests).toHaveLength(1);
  });
});

describe('londonYesterday', () => {
  it('is the London calendar day before, across the clock change and the year', () => {
    expect(londonYesterday(new Date('2026-03-30T00:30:00+01:00'))).toBe('2026-03-29');
    expect(londonYesterday(new Date('2026-06-01T23:30:00Z'))).toBe('2026-06-01');
    expect(londonYesterday(new Date('2027-01-01T00:05:00Z'))).toBe('2026-12-31');
  });
});
