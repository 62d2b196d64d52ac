import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { hostedCardCheck } from '@/lib/core/hosted-checkout/hosted-card-check';
import { CARD_TESTING_LIMITS } from '@/lib/core/payments/card-testing';
import { getDb } from '@/lib/db/client';
import { queryRows } from '@/lib/db/query-rows';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createBookingVia, createTenant as createAnyTenant } from '../support/fixtures';
import { createGroupFixture } from '../support/groups';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * Issue 16, item 1: card testing through the portal. A tester never repeats a card and never
 * exceeds one link's limit; what stops them is counting per group, booking, organisation and card.
 */
const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(await getDb(), query))[0]!.n;
const authorisations = () =>
  count(sql`select count(*)::int as n from sandbox_processor_operations where kind = 'authorise'`);

let serial = 0;
/** A fresh Luhn-valid number the sandbox issuer does not know: declined, as a tester's guessed card is. */
function freshCard(): string {
  serial += 1;
  const body = `4000${String(Date.now() % 1e6).padStart(6, '0')}${String(serial).padStart(5, '0')}`;
  const sum = [...body].reverse().reduce((total, d, i) => {
    const n = Number(d) * (i % 2 === 0 ? 2 : 1);
    return total + (n > 9 ? n - 9 : n);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
/**
 * An organisation whose links need no card facts (no surcharge, no DCC by default), so an unknown card is not
 * refused before the processor: every guess reaches the issuer, as in the attack the issue reports.
 */
async function createTenant(name?: string) {
  const tenant = await createAnyTenant(name);
  const response = await api.post(
    `/agent/organisations/${tenant.parentId}/settings`,
    { surcharge: { enabled: false } },
    { token: tenant.admin.token },
  );
  if (response.status !== 200) throw new Error(`settings failed: ${response.text}`);
  return tenant;
}
const isCardTesting = (outcome: object) => 'reason' in outcome && outcome.reason === 'card_testing';

afterEach(async () => {
  await resetClock(await getDb());
});

describe('card-testing limits beyond the link and the IP', () => {
  it('20 declines across the member links of one group: the processor sees the group limit, then nothing', async () => {
    const { admin, parentId } = await createTenant();
    const group = await createGroupFixture(admin, parentId, 4, [10_000]);
    const before = await authorisations();
    const outcomes = [];
    for (const member of group.members)
      for (let i = 0; i < 5; i += 1) outcomes.push(await pay(member.links[0]!, freshCard()));
    expect(await authorisations()).toBe(before + CARD_TESTING_LIMITS.group.failures);
    expect(outcomes.filter(isCardTesting)).toHaveLength(20 - CARD_TESTING_LIMITS.group.failures);
    // The pause holds the group (a good card too), not the organisation's other bookings.
    expect(isCardTesting(await pay(group.members[3]!.links[0]!, cards.visa))).toBe(true);
    expect((await pay(await createLinkVia(admin.token, parentId), cards.visa)).outcome).toBe('paid');
    // 15 minutes after the failure that reached the limit, the group's links are payable again.
    await advanceClock(await getDb(), { seconds: 16 * 60 });
    expect((await pay(group.members[3]!.links[0]!, cards.visa)).outcome).toBe('paid');
  });

  it('counts the links of one booking together', async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId);
    const links = [];
    for (let i = 0; i < 3; i += 1) links.push(await createLinkVia(admin.token, parentId, { booking_id: bookingId }));
    const before = await authorisations();
    for (const link of links) for (let i = 0; i < 4; i += 1) await pay(link, freshCard());
    expect(await authorisations()).toBe(before + CARD_TESTING_LIMITS.booking.failures);
  });

  it("does not count the sandbox's published test cards per card (every developer's cards), only per link and wider", async () => {
    const { admin, parentId } = await createTenant();
    const check = async () =>
      hostedCardCheck(await createLinkVia(admin.token, parentId), { kind: 'bin', bin: '41111111', lastFour: '1111' });
    for (let i = 0; i <= CARD_TESTING_LIMITS.card.checks; i += 1)
      expect(await check()).toMatchObject({ status: 'accepted' });
  });

  it('counts one card (BIN + last four) across links', async () => {
    const { admin, parentId } = await createTenant();
    const number = freshCard();
    const before = await authorisations();
    const outcomes = [];
    for (let i = 0; i < 7; i += 1) outcomes.push(await pay(await createLinkVia(admin.token, parentId), number));
    expect(await authorisations()).toBe(before + CARD_TESTING_LIMITS.card.failures);
    expect(outcomes.filter(isCardTesting)).toHaveLength(7 - CARD_TESTING_LIMITS.card.failures);
    expect((await pay(await createLinkVia(admin.token, parentId), cards.visa)).outcome).toBe('paid');
    // The card is paused in this organisation only.
    const other = await createTenant('Elsewhere');
    expect((await pay(await createLinkVia(other.admin.token, other.parentId), number)).outcome).toBe('declined');
  });

  it('pauses the organisation after its limit of failures, and no other organisation', async () => {
    const { admin, parentId } = await createTenant('Tested');
    const other = await createTenant('Bystander');
    const limit = CARD_TESTING_LIMITS.organisation.failures;
    const before = await authorisations();
    for (let i = 0; i < Math.ceil(limit / 4) + 1; i += 1) {
      const link = await createLinkVia(admin.token, parentId);
      for (let j = 0; j < 4; j += 1) await pay(link, freshCard());
    }
    expect(await authorisations()).toBe(before + limit);
    expect((await pay(await createLinkVia(other.admin.token, other.parentId), cards.visa)).outcome).toBe('paid');
  });

  it('counts card checks in the same window: past the limit the processor is not asked, and payments pause too', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    const checks = () => count(sql`select count(*)::int as n from card_checks where payment_link_id = ${link}`);
    // A different card each time (the last four change), so only the link's own limit of checks applies.
    const check = (i: number) =>
      hostedCardCheck(link, { kind: 'bin', bin: '41111111', lastFour: String(i).padStart(4, '0') });
    for (let i = 0; i < CARD_TESTING_LIMITS.link.checks; i += 1)
      expect(await check(i)).toMatchObject({ status: 'accepted' });
    expect(await checks()).toBe(CARD_TESTING_LIMITS.link.checks);
    expect(await check(9999)).toEqual({ status: 'unknown' });
    expect(await checks()).toBe(CARD_TESTING_LIMITS.link.checks);
    const before = await authorisations();
    expect(isCardTesting(await pay(link, cards.visa))).toBe(true);
    expect(await authorisations()).toBe(before);
  });

  it('lets only one of two concurrent attempts at the group limit reach the processor', async () => {
    const { admin, parentId } = await createTenant();
    const group = await createGroupFixture(admin, parentId, 4, [10_000]);
    const limit = CARD_TESTING_LIMITS.group.failures;
    for (let i = 0; i < limit - 1; i += 1) await pay(group.members[i % 2]!.links[0]!, freshCard());
    const before = await authorisations();
    const results = await Promise.allSettled([
      pay(group.members[2]!.links[0]!, freshCard()),
      pay(group.members[3]!.links[0]!, freshCard()),
    ]);
    expect(await authorisations()).toBe(before + 1);
    const refused = results.filter((r) =>
      r.status === 'rejected'
        ? (r.reason as { code?: string }).code === 'checkout.card_testing'
        : isCardTesting(r.value),
    );
    expect(refused).toHaveLength(1);
  });
});
