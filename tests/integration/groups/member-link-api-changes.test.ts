import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { paymentLinks, scheduledPayments } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { createGroupFixture } from '../support/groups';
import { cards, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * The API's delete and assign of a group member's link refuse as the portal
 * does (linkBusySql): a payment of another of the member's links covering it,
 * in progress or complete, would otherwise pay a deleted or moved link and the
 * member would owe that instalment again.
 */
const linkRow = async (id: string) =>
  (await (await getDb()).select().from(paymentLinks).where(eq(paymentLinks.id, id)))[0]!;
const remove = (token: string, id: string) => api.delete(`/agent/payment-links/${id}`, { token });
const assign = (token: string, id: string, bookingId: string) =>
  api.post(`/agent/payment-links/${id}/assign`, { booking_id: bookingId }, { token });
const codeOf = (response: Awaited<ReturnType<typeof remove>>) => [response.status, response.body.errors?.[0]?.code];

describe("deleting or assigning a group member's link through the API", () => {
  it('is refused while a complete payment of another link covers it; an unpaid link still goes', async () => {
    const { admin, parentId } = await createTenant();
    const {
      bookingId,
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [1000, 1000, 1000]);
    const [l1, l2, l3] = member!.links as [string, string, string];
    expect(await pay(l1, cards.visa, { coveredLinkIds: [l2] })).toMatchObject({ outcome: 'paid' });
    const elsewhere = await createBookingVia(admin.token, parentId);
    expect(codeOf(await remove(admin.token, l2))).toEqual([409, 'group.link_paid']);
    expect(codeOf(await assign(admin.token, l2, elsewhere))).toEqual([409, 'group.link_paid']);
    // The link taking the payment is refused by its own payment (delete) and as the portal refuses it (assign).
    expect(codeOf(await remove(admin.token, l1))).toEqual([409, 'group.link_paid']);
    expect(codeOf(await assign(admin.token, l1, elsewhere))).toEqual([409, 'group.link_paid']);
    expect(await linkRow(l2)).toMatchObject({ deletedAt: null, bookingId });
    expect(await linkRow(l1)).toMatchObject({ deletedAt: null, bookingId });
    expect((await remove(admin.token, l3)).status).toBe(200);
  });

  it("is refused while a covering payment is in progress, and while the link's collection is being charged", async () => {
    const { admin, parentId } = await createTenant();
    const {
      members: [member],
    } = await createGroupFixture(admin, parentId, 1, [1000, 1000, 1000, 1000]);
    const [l1, l2, l3, l4] = member!.links as [string, string, string, string];
    expect(await pay(l1, cards.visa3ds, { coveredLinkIds: [l2] })).toMatchObject({ outcome: 'challenge' });
    expect(codeOf(await remove(admin.token, l2))).toEqual([409, 'group.link_paid']);
    expect(codeOf(await assign(admin.token, l2, await createBookingVia(admin.token, parentId)))).toEqual([
      409,
      'group.link_paid',
    ]);
    // A collection the runner is charging (IN_PROGRESS) holds its link as the portal sees it.
    await (await getDb()).insert(scheduledPayments).values({
      organisationId: parentId,
      bookingId: (await linkRow(l4)).bookingId!,
      paymentLinkId: l4,
      amount: 1000,
      currency: 'GBX',
      status: 'IN_PROGRESS',
      executeAfter: new Date(),
    });
    expect(codeOf(await remove(admin.token, l4))).toEqual([409, 'group.link_paid']);
    expect((await remove(admin.token, l3)).status).toBe(200);
  });

  it('lets exactly one of a delete and a payment covering the link win when they race', async () => {
    const { admin, parentId } = await createTenant();
    for (let round = 0; round < 4; round++) {
      const {
        members: [member],
      } = await createGroupFixture(admin, parentId, 1, [1000, 1000]);
      const [l1, l2] = member!.links as [string, string];
      const [paid, deleted] = await Promise.all([
        pay(l1, cards.visa, { coveredLinkIds: [l2] }).then(
          (o) => o,
          (error: { code?: string }) => ({ outcome: error.code }),
        ),
        remove(admin.token, l2),
      ]);
      const paidWon = (paid as { outcome: string }).outcome === 'paid';
      expect(paidWon !== (deleted.status === 200)).toBe(true);
      const row = await linkRow(l2);
      if (paidWon) expect(row.deletedAt).toBeNull();
      else expect(row.settledByTransactionId).toBeNull();
    }
  });
});
