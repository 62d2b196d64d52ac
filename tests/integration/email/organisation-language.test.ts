import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { emailOutbox } from '@/lib/db/schema';
import { notifyOrganisation } from '@/lib/email/notify-organisation';
import { formatMoney } from '@/lib/money';
import { runMemberReminders } from '@/lib/runner/member-reminders-step';
import { runMerchantNotices } from '@/lib/runner/merchant-notices-step';
import { sendGroupAlerts } from '@/lib/core/groups/group-alerts';
import { hostedPortal } from '@/lib/core/groups/hosted-portal';
import { portalEntry } from '@/lib/core/groups/portal-entry';
import { portalToken } from '@/lib/core/groups/portal-token';
import { api } from '../support/api-client';
import { createTenant, type Tenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

/*
 * The emails to an organisation's staff are in its `notification_locale` (en-GB unset): the alerts built from
 * their facts (notify-organisation.ts) and the payment notices. The setting is the API's, validated there.
 */
withTestDatabase();

const settings = (tenant: Tenant, body: Record<string, unknown>) =>
  api.post(`/agent/organisations/${tenant.parentId}/settings`, body, { token: tenant.admin.token });
const readSettings = async (tenant: Tenant) =>
  (await api.get(`/agent/organisations/${tenant.parentId}/settings`, { token: tenant.admin.token })).body.data;
const mailTo = async (to: string) => (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
/** The `lang` of each email of `kind` sent to `to`. */
const langsOf = async (to: string, kind: string) =>
  (await mailTo(to))
    .filter((email) => email.kind === kind)
    .map((email) => /lang="([^"]+)"/.exec(email.htmlBody ?? '')?.[1]);
const inbox = () => `staff-${Math.random().toString(36).slice(2, 10)}@example.com`;
const captureFailed = {
  kind: 'capture_failed',
  amount: 12345,
  currency: 'GBX',
  transactionId: 'tx-language',
  reason: null,
} as const;

/** A group of one member (Max Mitglied, one instalment of 5000 in 20 days), led by `leader`, through the API. */
const oneMemberGroup = (tenant: Tenant, leader: string, member: string) =>
  api.put(
    '/agent/payment-link-groups',
    {
      organisation: tenant.parentId,
      lead_name: 'Lena Leader',
      lead_email: leader,
      booking_reference: `LANG-${Math.random().toString(36).slice(2, 10)}`,
      members: [{ customer_name: 'Max Mitglied', email: member, amount: 5000 }],
      installments: [{ amount: 5000, due_at: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10) }],
    },
    { token: tenant.admin.token },
  );

describe("the organisation's language", () => {
  it('is en-GB unset, one of the 12 locales when set, and null sets it back', async () => {
    const tenant = await createTenant('Language');
    expect(await readSettings(tenant)).toMatchObject({ notification_locale: 'en-GB' });
    const refused = await settings(tenant, { notification_locale: 'xx' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(/notification_locale/);
    expect((await settings(tenant, { notification_locale: 'pl' })).body.data).toMatchObject({
      notification_locale: 'pl',
    });
    expect((await settings(tenant, { notification_locale: null })).body.data).toMatchObject({
      notification_locale: 'en-GB',
    });
  });

  it("writes an alert in the organisation's language, to the same recipients, as alert:<kind>", async () => {
    const tenant = await createTenant('Alerts');
    const to = inbox();
    expect((await settings(tenant, { notification_email: to, notification_locale: 'de' })).status).toBe(200);
    const db = await getDb();
    expect(await db.transaction((tx) => notifyOrganisation(tx, tenant.parentId, captureFailed))).toBe(1);
    const [email] = await mailTo(to);
    expect(email).toMatchObject({
      kind: 'alert:capture_failed',
      subject: `Alerts Travel: Einzug von ${formatMoney(12345, 'GBX', 'de')} fehlgeschlagen`,
    });
    expect(email!.textBody).toContain('Es wurde nichts abgebucht');
    expect(email!.textBody).toContain('tx-language');
    expect(email!.htmlBody).toContain('lang="de"');

    // Unset again: en-GB, as before the setting existed.
    await settings(tenant, { notification_locale: null });
    await db.transaction((tx) => notifyOrganisation(tx, tenant.parentId, captureFailed));
    const subjects = (await mailTo(to)).map((e) => e.subject);
    expect(subjects).toContain('Alerts Travel: capture of £123.45 failed');
  });

  it("sends the payment notices in the organisation's language", async () => {
    const tenant = await createTenant('Notices');
    const to = inbox();
    const saved = await settings(tenant, {
      merchant_notices: 'each_payment',
      notification_email: to,
      notification_locale: 'fr',
    });
    expect(saved.status).toBe(200);
    const id = await createLinkVia(tenant.admin.token, tenant.parentId, { amount: 4200, customer_name: 'Payeur' });
    expect(await pay(id, cards.visa)).toMatchObject({ outcome: 'paid' });
    await runMerchantNotices(await getDb());
    const [notice] = await mailTo(to);
    expect(notice).toMatchObject({ kind: 'merchant-payment' });
    expect(notice!.subject).toContain(formatMoney(4200, 'GBX', 'fr'));
    expect(notice!.htmlBody).toContain('lang="fr"');
    expect(notice!.subject).not.toContain('received');
  });

  it("writes to a customer whose language is unknown in the organisation's; a known one wins", async () => {
    const tenant = await createTenant('Customers');
    expect((await settings(tenant, { notification_locale: 'de' })).status).toBe(200);

    // A payment link sent without a language: the organisation's; with one: that one.
    const payer = inbox();
    const link = await createLinkVia(tenant.admin.token, tenant.parentId, { email: payer });
    const send = (body: Record<string, unknown>) =>
      api.post(`/agent/payment-links/${link}/send`, body, { token: tenant.admin.token });
    expect((await send({})).body.data).toMatchObject({ locale: 'de' });
    expect((await send({ locale: 'fr' })).body.data).toMatchObject({ locale: 'fr' });
    expect(await langsOf(payer, 'payment-link')).toEqual(expect.arrayContaining(['de', 'fr']));

    // A group: the leader's portal link and the members' links, their languages not recorded.
    const leader = inbox();
    const member = inbox();
    const group = await oneMemberGroup(tenant, leader, member);
    expect(group.status, group.text).toBe(200);
    expect(await langsOf(leader, 'group-leader-portal')).toEqual(['de']);
    const sent = await api.post(
      `/agent/payment-link-groups/${group.body.data.id}/send-links`,
      {},
      { token: tenant.admin.token },
    );
    expect(sent.status, sent.text).toBe(200);
    expect(await langsOf(member, 'group_member_link')).toEqual(['de']);

    // The organisation's language unset: en-GB, as before.
    await settings(tenant, { notification_locale: null });
    await send({});
    expect((await langsOf(payer, 'payment-link')).filter((lang) => lang === 'en-GB')).toHaveLength(1);
  });

  it("writes to the leader in the language they use the portal in, once they have; the creator stays in the organisation's", async () => {
    const tenant = await createTenant('Leader');
    expect((await settings(tenant, { notification_locale: 'de' })).status).toBe(200);
    const leader = inbox();
    const group = await oneMemberGroup(tenant, leader, inbox());
    expect(group.status, group.text).toBe(200);
    const groupId = group.body.data.id as string;
    const db = await getDb();
    const alert = (key: string) =>
      db.transaction((tx) =>
        sendGroupAlerts(tx, groupId, 'missed', [
          {
            memberId: group.body.data.members[0].id,
            memberName: 'Max Mitglied',
            amount: 5000,
            currency: 'GBX',
            dueAt: new Date(),
            dedupeKey: `${groupId}:${key}`,
          },
        ]),
      );
    // Not known yet: the organisation's.
    expect(await langsOf(leader, 'group-leader-portal')).toEqual(['de']);
    // The leader opens the portal in French (a page view: the portal's own gate records it).
    const session = (await portalEntry(
      `/fr/groups/${groupId}`,
      new URLSearchParams({ token: await portalToken(db, groupId, 1) }),
      undefined,
    ))!.session!;
    const request = { groupId, sessionCookie: session, hostOrganisation: null };
    expect((await hostedPortal({ ...request, locale: 'fr' })).state).toBe('open');
    // Another visitor's request without the session records nothing.
    await hostedPortal({ ...request, sessionCookie: undefined, locale: 'pl' });
    const rotated = await api.post(
      `/agent/payment-link-groups/${groupId}/rotate-portal-token`,
      {},
      {
        token: tenant.admin.token,
      },
    );
    expect(rotated.status, rotated.text).toBe(200);
    expect(await langsOf(leader, 'group_portal_link')).toEqual(['fr']);
    await alert('one');
    const alerts = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.organisationId, tenant.parentId), eq(emailOutbox.kind, 'alert:group-missed')));
    const langOf = (email: (typeof alerts)[number]) => /lang="([^"]+)"/.exec(email.htmlBody ?? '')?.[1];
    expect(alerts.map((email) => [email.toAddress === leader ? 'leader' : 'creator', langOf(email)]).sort()).toEqual([
      ['creator', 'de'],
      ['leader', 'fr'],
    ]);
  });

  it("writes to a member in the language of the page they last paid on, before the organisation's", async () => {
    const tenant = await createTenant('Members');
    expect((await settings(tenant, { notification_locale: 'de' })).status).toBe(200);
    const [paid, unpaid] = [inbox(), inbox()];
    const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const group = await api.put(
      '/agent/payment-link-groups',
      {
        organisation: tenant.parentId,
        lead_name: 'Lena Leader',
        lead_email: inbox(),
        booking_reference: `LANG-M-${Date.now()}`,
        members: [
          { customer_name: 'Marie Payeuse', email: paid, amount: 6000 },
          { customer_name: 'Max Mitglied', email: unpaid, amount: 6000 },
        ],
        // Both within the reminders' window (3 days before).
        installments: [
          { amount: 3000, due_at: days(1) },
          { amount: 3000, due_at: days(2) },
        ],
      },
      { token: tenant.admin.token },
    );
    expect(group.status, group.text).toBe(200);
    const [first] = group.body.data.members as { payment_links: { id: string; installment_sequence: number }[] }[];
    const firstLink = first!.payment_links.find((link) => link.installment_sequence === 1)!.id;
    expect(await pay(firstLink, cards.visa, { locale: 'fr' })).toMatchObject({ outcome: 'paid' });

    const sent = await api.post(
      `/agent/payment-link-groups/${group.body.data.id}/send-links`,
      {},
      { token: tenant.admin.token },
    );
    expect(sent.status, sent.text).toBe(200);
    expect(await langsOf(paid, 'group_member_link')).toEqual(['fr']);
    expect(await langsOf(unpaid, 'group_member_link')).toEqual(['de']);

    // The reminders: the paying member's of their second instalment in French, the other's two in German.
    await runMemberReminders(await getDb());
    expect(await langsOf(paid, 'group-member-reminder')).toEqual(['fr']);
    expect(await langsOf(unpaid, 'group-member-reminder')).toEqual(['de', 'de']);
  });
});
