import { afterEach, describe, expect, it } from 'vitest';
import { setSchedule } from '@/lib/core/groups/set-schedule';
import { hostedCardCheck } from '@/lib/core/hosted-checkout/hosted-card-check';
import { getDb } from '@/lib/db/client';
import { runUntilIdle } from '@/lib/runner/run-once';
import { resetClock } from '@/lib/sandbox/test-clock';
import { createTenant } from '../support/fixtures';
import { cards, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { advanceDays, collectionsOf, paymentsOn, type Member } from './collection-support';
import { getGroupVia, groupVia, inDays } from './group-support';

/*
 * Issue 16 item 13: what a member is shown when opting in to automatic collection is exactly what is
 * collected, surcharge included (lib/core/groups/collection-charge.ts). The commercial Mastercard
 * attracts the 1.5 % commercial surcharge at checkout; each instalment collected later on the same card
 * carries the same card's surcharge by the same rules: the card check shows those amounts, the opt-in
 * queues them, the runner charges and records them, and a schedule change keeps the rule.
 */
withTestDatabase();
afterEach(async () => {
  await resetClock(await getDb());
});

const commercial = { kind: 'bin' as const, bin: '52008300', lastFour: '0007' };

async function memberGroup() {
  const tenant = await createTenant('Surcharge');
  const group = await groupVia(tenant.admin.token, tenant.parentId, {
    members: [{ customer_name: 'Ann', amount: 12000, email: 'ann@example.com' }],
    installments: [
      { amount: 6000, due_at: inDays(10) },
      { amount: 4001, due_at: inDays(20) },
      { amount: 1999, due_at: inDays(30) },
    ],
  });
  return { tenant, group, member: group.members[0] as Member };
}

describe('automatic collection charges what the opt-in showed, surcharge included', () => {
  it("shows each remaining instalment with this card's surcharge, queues and collects exactly that", async () => {
    const { member } = await memberGroup();
    const [l1, l2, l3] = member.payment_links.map((l) => l.id) as [string, string, string];
    // The card check under the opt-in: 6000 + 90 now; 4001 + 60 and 1999 + 30 later (150 bps, half up).
    expect(await hostedCardCheck(l1, commercial)).toMatchObject({
      status: 'accepted',
      total: 6090,
      collections: [4061, 2029],
    });
    // Paying two instalments at once leaves one: the offer is for that one only.
    expect(await hostedCardCheck(l1, commercial, [l2])).toMatchObject({
      status: 'accepted',
      total: 10151,
      collections: [2029],
    });
    // A card without a surcharge: the plain amounts.
    expect(await hostedCardCheck(l1, { kind: 'bin', bin: '41111111', lastFour: '1111' })).toMatchObject({
      status: 'accepted',
      collections: [4001, 1999],
    });

    // A payment posted without the page's check (no JavaScript) asks to confirm the surcharge, with the same amounts.
    expect(await pay(l1, cards.mastercardCommercial, { storeCard: true })).toEqual({
      outcome: 'confirm_surcharge',
      surcharge: 90,
      total: 6090,
      collections: [4061, 2029],
    });
    expect(await pay(l1, cards.mastercardCommercial, { storeCard: true, acceptedSurcharge: 90 })).toMatchObject({
      outcome: 'paid',
    });
    const queued = await collectionsOf([l2, l3]);
    const byLink = (id: string) => queued.find((c) => c.paymentLinkId === id);
    expect(byLink(l2)).toMatchObject({ status: 'QUEUED', amount: 4061, surcharge: 60 });
    expect(byLink(l3)).toMatchObject({ status: 'QUEUED', amount: 2029, surcharge: 30 });

    await advanceDays(21);
    await runUntilIdle(await getDb());
    const [charged] = await paymentsOn(l2);
    expect(charged).toMatchObject({ status: 'COMPLETE', amount: 4061, surcharge: 60 });
    expect((await collectionsOf([l2]))[0]).toMatchObject({ status: 'COMPLETE', amount: 4061 });
  });

  it("keeps the card's surcharge on a collection a schedule change makes again", async () => {
    const { tenant, group, member } = await memberGroup();
    const [l1] = member.payment_links.map((l) => l.id) as [string];
    expect(await pay(l1, cards.mastercardCommercial, { storeCard: true, acceptedSurcharge: 90 })).toMatchObject({
      outcome: 'paid',
    });
    // Instalment 1 stays (paid); 2 and 3 become 2000 and 4000.
    await setSchedule(await getDb(), group.id, {
      installments: [
        { amount: 6000, due_at: inDays(10) },
        { amount: 2000, due_at: inDays(20) },
        { amount: 4000, due_at: inDays(30) },
      ],
    });
    const links = (await getGroupVia(tenant.admin.token, group.id)).body.data.members[0].payment_links as {
      id: string;
      installment_sequence: number;
    }[];
    const live = await collectionsOf(links.map((l) => l.id));
    const of = (sequence: number) =>
      live.find((c) => c.paymentLinkId === links.find((l) => l.installment_sequence === sequence)!.id);
    expect(of(2)).toMatchObject({ status: 'QUEUED', amount: 2030, surcharge: 30 });
    expect(of(3)).toMatchObject({ status: 'QUEUED', amount: 4060, surcharge: 60 });
  });
});
