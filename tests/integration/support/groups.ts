import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { groupMembers, paymentLinkGroups, paymentLinks } from '@/lib/db/schema';
import type { Caller } from './fixtures';
import { createBookingVia } from './fixtures';
import { createLinkVia } from './payments';

export type MemberFixture = { id: string; links: string[] };

const day = 86_400_000;

/**
 * A group with members who each owe instalments (amounts in order, due 10, 20,
 * 30... days from now). Stand-in for PUT /api/agent/payment-link-groups until
 * it lands: the booking and links are made through the API, the group rows and
 * the links' member columns are written as migration 0007 defines them.
 */
export async function createGroupFixture(caller: Caller, organisation: string, members: number[][], linkOptions: Record<string, unknown> = {}) {
  const db = await getDb();
  const bookingId = await createBookingVia(caller.token, organisation);
  const expiresAt = new Date(Date.now() + 60 * day);
  const [group] = await db.insert(paymentLinkGroups).values({
    organisationId: organisation, bookingId, userId: caller.userId, leadName: 'Lena Leader', leadEmail: 'lena@example.com', linkExpiresAt: expiresAt,
  }).returning();
  const fixtures: MemberFixture[] = [];
  for (const [position, amounts] of members.entries()) {
    const [member] = await db.insert(groupMembers).values({
      groupId: group!.id, position, customerName: `Member ${position + 1}`, email: `member${position + 1}@example.com`, amount: amounts.reduce((a, b) => a + b, 0),
    }).returning();
    const links: string[] = [];
    for (const [index, amount] of amounts.entries()) {
      const id = await createLinkVia(caller.token, organisation, { booking_id: bookingId, amount, expires_at: expiresAt.toISOString(), customer_name: `Member ${position + 1}`, ...linkOptions });
      await db.update(paymentLinks).set({ groupMemberId: member!.id, instalmentSequence: index + 1, dueAt: new Date(Date.now() + (index + 1) * 10 * day) })
        .where(eq(paymentLinks.id, id));
      links.push(id);
    }
    fixtures.push({ id: member!.id, links });
  }
  return { groupId: group!.id, bookingId, members: fixtures };
}
