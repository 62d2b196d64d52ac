import { inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { paymentLinks, type CheckoutOptions } from '@/lib/db/schema';
import { GROUP_LINK_OPTIONS } from '@/lib/core/groups/member-links';
import { api } from './api-client';
import type { Caller } from './fixtures';

export type MemberFixture = { id: string; links: string[] };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A group made through PUT /api/agent/payment-link-groups: members who each owe
 * the schedule `instalments` (due 10, 20, 30... days from now), their links in
 * instalment order. `group` adds create parameters (open_banking_enabled...).
 * Card options a group cannot set through the API (the organiser's switches on
 * a link: hide_store_card, store_card_forced, authorisation_only) are written
 * on the member links afterwards, when asked.
 */
export async function createGroupFixture(
  caller: Caller,
  organisation: string,
  members: number,
  instalments: number[],
  { group = {}, linkOptions }: { group?: Record<string, unknown>; linkOptions?: Partial<CheckoutOptions> } = {},
) {
  const share = instalments.reduce((a, b) => a + b, 0);
  const response = await api.put(
    '/agent/payment-link-groups',
    {
      organisation,
      lead_name: 'Lena Leader',
      lead_email: 'lena@example.com',
      booking_reference: `GRP-${Math.random().toString(36).slice(2, 10)}`,
      members: Array.from({ length: members }, (_, i) => ({
        customer_name: `Member ${i + 1}`,
        email: `member${i + 1}@example.com`,
        amount: share,
      })),
      installments: instalments.map((amount, i) => ({ amount, due_at: inDays(10 * (i + 1)) })),
      ...group,
    },
    { token: caller.token },
  );
  if (response.status !== 200) throw new Error(`create group failed: ${response.text}`);
  const data = response.body.data;
  const fixtures: MemberFixture[] = data.members.map(
    (m: { id: string; payment_links: { id: string; installment_sequence: number }[] }) => ({
      id: m.id,
      links: [...m.payment_links].sort((a, b) => a.installment_sequence - b.installment_sequence).map((l) => l.id),
    }),
  );
  if (linkOptions) {
    await (
      await getDb()
    )
      .update(paymentLinks)
      .set({ options: { ...GROUP_LINK_OPTIONS, ...linkOptions } })
      .where(
        inArray(
          paymentLinks.id,
          fixtures.flatMap((m) => m.links),
        ),
      );
  }
  return { groupId: data.id as string, bookingId: data.booking_id as string, members: fixtures };
}
