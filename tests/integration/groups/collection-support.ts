import { eq, inArray, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '@/lib/db/client';
import { emailOutbox, groupAlerts, scheduledPayments, transactions, users } from '@/lib/db/schema';
import { advanceClock } from '@/lib/sandbox/test-clock';
import { createTenant, type Tenant } from '../support/fixtures';
import { cards, pay } from '../support/payments';
import { groupVia, inDays } from './group-support';

export type Member = {
  id: string;
  customer_name: string;
  payment_links: { id: string; installment_sequence: number; amount: number; due_at: string }[];
};
export type CollectionGroup = {
  tenant: Tenant;
  group: { id: string; members: Member[] };
  creatorEmail: string;
  leadEmail: string;
};

const DAY_SECONDS = 86_400;

/**
 * A group made through the API (instalments due in 10 and 40 days, or as
 * given) whose first `optIn` members pay their first instalment with `card`,
 * ticking "store my card": member checkout then queues one collection of
 * their second instalment at its due date (enableAutoCollect).
 */
export async function collectionGroup(
  options: {
    members?: number;
    optIn?: number;
    card?: string;
    installments?: { amount: number; due_at: string }[];
  } = {},
): Promise<CollectionGroup> {
  const tenant = await createTenant('Collect');
  const count = options.members ?? 2;
  const installments = options.installments ?? [
    { amount: 10000, due_at: inDays(10) },
    { amount: 20000, due_at: inDays(40) },
  ];
  const total = installments.reduce((sum, i) => sum + i.amount, 0);
  const leadEmail = `lead-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const group = await groupVia(tenant.admin.token, tenant.parentId, {
    lead_email: leadEmail,
    // The leader's mailbox holds the alerts alone (the portal link email is tested in leader-portal-link.test.ts).
    send_portal_link: false,
    members: Array.from({ length: count }, (_, i) => ({
      customer_name: `Member ${i + 1}`,
      amount: total,
      email: `member${i + 1}@example.com`,
    })),
    installments,
  });
  for (const member of (group.members as Member[]).slice(0, options.optIn ?? count)) {
    expect(await pay(member.payment_links[0]!.id, options.card ?? cards.visa, { storeCard: true })).toMatchObject({
      outcome: 'paid',
    });
  }
  const [creator] = await (
    await getDb()
  )
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, tenant.admin.userId));
  return { tenant, group, creatorEmail: creator!.email, leadEmail };
}

/** Moves the shared test clock `days` forward (persisted, as the runner reads it); resetClock undoes it. */
export const advanceDays = async (days: number) => advanceClock(await getDb(), { seconds: days * DAY_SECONDS });

export const collectionsOf = async (linkIds: string[]) =>
  (await getDb()).select().from(scheduledPayments).where(inArray(scheduledPayments.paymentLinkId, linkIds));

export const paymentsOn = async (linkId: string) =>
  (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, linkId));

export const alertsOf = async (groupId: string) =>
  (await getDb()).select().from(groupAlerts).where(eq(groupAlerts.groupId, groupId));

/** The group alert emails queued for `to`, of a kind (`due-soon`, `missed`, `charge-failed`). */
export const alertEmails = async (to: string, kind: string) =>
  (
    await (
      await getDb()
    )
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.kind, `alert:group-${kind}`))
  ).filter((e) => e.toAddress === to);
