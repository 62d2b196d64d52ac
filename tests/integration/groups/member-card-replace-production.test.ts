import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { finishMemberCardReplace, replaceMemberCard, verificationKey } from '@/lib/core/groups/member-card-replace';
import { payByCard } from '@/lib/core/payments/pay-by-card';
import { getDb } from '@/lib/db/client';
import { groupMembers, savedCards, scheduledPayments } from '@/lib/db/schema';
import { runUntilIdle } from '@/lib/runner/run-once';
import type { AdyenSimulator } from '../../support/adyen-simulator';
import { withAdyenSimulator } from '../support/adyen-production';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';
import { paymentsOn, type Member } from './collection-support';
import { groupVia, inDays } from './group-support';

/**
 * MODE=production against the Adyen simulator: a member replaces their stored card with a zero-value /payments
 * (amount.value 0, storePaymentMethod, the member's shopperReference, Subscription, Ecommerce), 3-D Secure by redirect
 * when the card asks it, and the runner's next collection charges the new storedPaymentMethodId.
 */
withTestDatabase();

// A loaded machine (PGlite beside other test runs) once took the default 30 s: an unknown answer, not the point here.
const simulator = withAdyenSimulator({ timeoutMs: 90000 });
let sim: AdyenSimulator;
beforeAll(() => {
  sim = simulator();
});

/** adyen-web's encrypted fields as the simulator reads them (Adyen's "test_" values). */
const encrypted = (number: string) => ({
  kind: 'adyen_encrypted' as const,
  holderName: 'Ada Lovelace',
  fields: {
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
  },
});
const returnUrl = 'https://pay.example.com/en-GB/x/member/card/return';
const paymentsCalls = () => sim.requests.filter((r) => r.path === '/payments');

async function collectedMember() {
  const tenant = await createTenant('CardSwapProd');
  const group = await groupVia(tenant.admin.token, tenant.parentId, {
    lead_email: 'lead@example.com',
    send_portal_link: false,
    members: [{ customer_name: 'Member 1', amount: 30000, email: 'member1@example.com' }],
    installments: [
      { amount: 10000, due_at: inDays(10) },
      { amount: 20000, due_at: inDays(40) },
    ],
  });
  const member = (group.members as Member[])[0]!;
  const paid = await payByCard(await getDb(), {
    checkoutId: member.payment_links[0]!.id,
    method: encrypted('4111111111111111'),
    storeCard: true,
    returnUrl,
  });
  expect(paid).toMatchObject({ outcome: 'paid' });
  return member;
}

const memberCard = async (memberId: string) => {
  const db = await getDb();
  const [row] = await db.select().from(groupMembers).where(eq(groupMembers.id, memberId));
  const [card] = await db.select().from(savedCards).where(eq(savedCards.id, row!.savedCardId!));
  return card!;
};

describe('replacing the stored card in production (Adyen simulator)', () => {
  it('sends a zero-value /payments that stores the card; the next collection charges the new token', async () => {
    const member = await collectedMember();
    const db = await getDb();
    const nonce = randomUUID();
    const done = await replaceMemberCard(db, {
      linkId: member.payment_links[0]!.id,
      nonce,
      method: encrypted('5555555555554444'),
      returnUrl,
    });
    expect(done).toEqual({ result: 'card_replaced', brand: 'MASTER', lastFour: '4444' });
    const key = verificationKey(member.id, nonce);
    const sent = paymentsCalls().at(-1)!;
    expect(sent.headers['idempotency-key']).toBe(key);
    expect(sent.body).toMatchObject({
      reference: key,
      amount: { currency: 'GBP', value: 0 },
      storePaymentMethod: true,
      shopperReference: `tp-${key}`,
      recurringProcessingModel: 'Subscription',
      shopperInteraction: 'Ecommerce',
      shopperEmail: 'member1@example.com',
    });
    expect(sent.body).not.toHaveProperty('additionalData');
    const card = await memberCard(member.id);
    expect(card).toMatchObject({ cardBrand: 'MASTER', lastFour: '4444' });

    // The test clock is sandbox-only: the collection is made due now instead (its date, not its card, is the setup).
    await db
      .update(scheduledPayments)
      .set({ executeAfter: new Date(Date.now() - 60_000) })
      .where(eq(scheduledPayments.paymentLinkId, member.payment_links[1]!.id));
    await runUntilIdle(db);
    expect(await paymentsOn(member.payment_links[1]!.id)).toMatchObject([{ status: 'COMPLETE', cardLastFour: '4444' }]);
    const charge = paymentsCalls().at(-1)!;
    expect(charge.body).toMatchObject({
      amount: { value: 20000 },
      shopperReference: `tp-${key}`,
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'Subscription',
    });
  });

  it('3-D Secure by redirect: the return with only redirectResult finishes it; a refused card changes nothing', async () => {
    const member = await collectedMember();
    const db = await getDb();
    const before = await memberCard(member.id);
    const refused = await replaceMemberCard(db, {
      linkId: member.payment_links[0]!.id,
      nonce: randomUUID(),
      method: { ...encrypted('4111111111111111'), holderName: 'DECLINED' },
      returnUrl,
    });
    expect(refused).toMatchObject({ result: 'declined' });
    expect((await memberCard(member.id)).id).toBe(before.id);

    const nonce = randomUUID();
    const linkId = member.payment_links[1]!.id;
    const started = await replaceMemberCard(db, { linkId, nonce, method: encrypted('4917610000000000'), returnUrl });
    if (started.result !== 'challenge') throw new Error(`expected a challenge, got ${JSON.stringify(started)}`);
    const back = new URL((await sim.shopper(started.redirectUrl, 'pass'))!);
    expect([...back.searchParams.keys()]).toEqual(['redirectResult']);
    const payload = Object.fromEntries(back.searchParams);
    expect(await finishMemberCardReplace(db, { linkId, nonce, payload })).toEqual({
      result: 'card_replaced',
      brand: 'VISA',
      lastFour: '0000',
    });
    const details = sim.requests.filter((r) => r.path === '/payments/details').at(-1)!;
    expect(details.headers['idempotency-key']).toBe(`details-${verificationKey(member.id, nonce)}`);
    expect(await memberCard(member.id)).toMatchObject({ cardBrand: 'VISA', lastFour: '0000' });
  });
});
