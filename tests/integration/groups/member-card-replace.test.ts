import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { finishMemberCardReplace, replaceMemberCard } from '@/lib/core/groups/member-card-replace';
import { loadMemberPage } from '@/lib/core/groups/member-page';
import { getDb } from '@/lib/db/client';
import {
  auditRecords,
  groupMembers,
  paymentLinks,
  sandboxProcessorOperations,
  savedCards,
  transactions,
} from '@/lib/db/schema';
import { CARD_TESTING_LIMITS } from '@/lib/core/payments/card-testing';
import { SandboxProcessor, sandboxRedirectResult } from '@/lib/payments/processor';
import { runUntilIdle } from '@/lib/runner/run-once';
import { resetClock } from '@/lib/sandbox/test-clock';
import { card, cards } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { advanceDays, collectionGroup, collectionsOf, paymentsOn } from './collection-support';
import { inDays } from './group-support';

/*
 * A member replaces their stored card without paying (issue 17 item 15; member-card-replace.ts): the card is
 * verified with no money moving (the sandbox's zero-value authorisation), the queued collections move to it as
 * enableAutoCollect moves them, and the runner then charges it. A declined or excluded card changes nothing, a double
 * submit stores once, and a link is the member's capability: another member's link replaces only that member's card.
 */
withTestDatabase();
afterEach(async () => {
  await resetClock(await getDb());
});

const returnUrl = 'http://localhost:3000/en-GB/x/member/card/return';
const threeInstalments = [
  { amount: 10000, due_at: inDays(10) },
  { amount: 10000, due_at: inDays(40) },
  { amount: 10000, due_at: inDays(70) },
];

const memberRow = async (id: string) =>
  (await (await getDb()).select().from(groupMembers).where(eq(groupMembers.id, id)))[0]!;
const cardOf = async (id: string | null) =>
  id ? (await (await getDb()).select().from(savedCards).where(eq(savedCards.id, id)))[0] : undefined;

/** How many zero-value authorisations (verifications) the sandbox processor has been asked for so far. */
const verifications = async () =>
  (
    await (
      await getDb()
    )
      .select()
      .from(sandboxProcessorOperations)
      .where(and(eq(sandboxProcessorOperations.kind, 'authorise'), eq(sandboxProcessorOperations.amount, 0)))
  ).length;

describe('a member replaces the stored card', () => {
  it('verifies the new card with nothing paid, moves the queued collections to it, and the runner charges it', async () => {
    const { tenant, group } = await collectionGroup({ members: 1, installments: threeInstalments });
    const member = group.members[0]!;
    const [l1, l2, l3] = member.payment_links;
    const before = await memberRow(member.id);
    const db = await getDb();
    const done = await replaceMemberCard(db, {
      linkId: l1!.id,
      nonce: randomUUID(),
      method: card(cards.mastercardDebit),
      returnUrl,
    });
    expect(done).toEqual({ result: 'card_replaced', brand: 'MASTER', lastFour: '4444' });
    const after = await memberRow(member.id);
    expect(after.savedCardId).not.toBe(before.savedCardId);
    expect(after.autoCollect).toBe(true);
    expect(await cardOf(after.savedCardId)).toMatchObject({ cardBrand: 'MASTER', lastFour: '4444', funding: 'debit' });
    const queued = await collectionsOf([l2!.id, l3!.id]);
    expect(queued.map((q) => [q.status, q.savedCardId])).toEqual([
      ['QUEUED', after.savedCardId],
      ['QUEUED', after.savedCardId],
    ]);
    // No payment recorded: the verification never counts as paid.
    const links = [l1!.id, l2!.id, l3!.id];
    const payments = await db.select().from(transactions).where(inArray(transactions.paymentLinkId, links));
    expect(payments.map((p) => p.status)).toEqual(['COMPLETE']);
    expect((await loadMemberPage(db, l1!.id))!).toMatchObject({ paid: 10000, card: { brand: 'MASTER' } });
    const audit = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.organisationId, tenant.parentId), eq(auditRecords.entityId, member.id)));
    expect(audit.map((a) => [a.type, a.actorKind, a.actorEmail])).toEqual([
      ['payment-link-group:card-replaced', 'customer', 'member1@example.com'],
    ]);

    await advanceDays(41);
    await runUntilIdle(db);
    const [charged] = await paymentsOn(l2!.id);
    expect(charged).toMatchObject({ status: 'COMPLETE', cardBrand: 'MASTER', cardLastFour: '4444', amount: 10000 });
    expect(charged!.savedCardId).toBe(after.savedCardId);
  });

  it('a declined verification changes nothing; 3-D Secure finishes on the return, and a failed one changes nothing', async () => {
    const { group } = await collectionGroup({ members: 1, installments: threeInstalments });
    const member = group.members[0]!;
    const [l1, l2] = member.payment_links;
    const db = await getDb();
    const before = await memberRow(member.id);
    const queuedBefore = await collectionsOf([l2!.id]);
    for (const number of [cards.declined, cards.insufficientFunds]) {
      const refused = await replaceMemberCard(db, {
        linkId: l1!.id,
        nonce: randomUUID(),
        method: card(number),
        returnUrl,
      });
      expect(refused).toMatchObject({ result: 'declined' });
    }
    expect(await memberRow(member.id)).toMatchObject({ savedCardId: before.savedCardId, autoCollect: true });
    expect(await collectionsOf([l2!.id])).toEqual(queuedBefore);

    const sandbox = new SandboxProcessor(db);
    const challenged = async (password: string) => {
      const nonce = randomUUID();
      const started = await replaceMemberCard(db, { linkId: l2!.id, nonce, method: card(cards.visa3ds), returnUrl });
      if (started.result !== 'challenge') throw new Error(`expected a challenge, got ${started.result}`);
      const psp = started.redirectUrl.split('/').pop()!;
      await sandbox.finishChallenge({ providerReference: psp, payload: { password } });
      return { nonce, psp };
    };
    const failed = await challenged('wrong');
    const payload = { redirectResult: sandboxRedirectResult(failed.psp) };
    expect(await finishMemberCardReplace(db, { linkId: l1!.id, nonce: failed.nonce, payload })).toEqual({
      result: 'declined',
      reason: '3ds_failed',
    });
    expect((await memberRow(member.id)).savedCardId).toBe(before.savedCardId);

    const passed = await challenged('password');
    const back = { redirectResult: sandboxRedirectResult(passed.psp) };
    expect(await finishMemberCardReplace(db, { linkId: l2!.id, nonce: passed.nonce, payload: back })).toEqual({
      result: 'card_replaced',
      brand: 'VISA',
      lastFour: '0006',
    });
    const replaced = (await memberRow(member.id)).savedCardId;
    expect(await cardOf(replaced)).toMatchObject({ lastFour: '0006' });
    // A reload of the return changes nothing more.
    expect(await finishMemberCardReplace(db, { linkId: l2!.id, nonce: passed.nonce, payload: back })).toMatchObject({
      result: 'card_replaced',
    });
    expect((await memberRow(member.id)).savedCardId).toBe(replaced);
    expect((await collectionsOf([l2!.id]))[0]).toMatchObject({ status: 'QUEUED', savedCardId: replaced });
  });

  it('holds card testing limits: each verification counts as a card check, and a paused link asks the processor nothing', async () => {
    const { group } = await collectionGroup({ members: 1, installments: threeInstalments });
    const member = group.members[0]!;
    const [l1] = member.payment_links;
    const db = await getDb();
    const attempt = () =>
      replaceMemberCard(db, {
        linkId: l1!.id,
        nonce: randomUUID(),
        method: card(cards.declined),
        returnUrl,
        ipAddress: '203.0.113.9',
      });
    // The link's limit (20 checks in the window; the IP's is the same): the sandbox's published test cards never
    // count per card (card-testing-window.ts), so a card's own limit is not the one reached here.
    const limit = CARD_TESTING_LIMITS.link.checks;
    const before = await verifications();
    for (let i = 0; i < limit; i++) expect(await attempt()).toMatchObject({ result: 'declined' });
    expect(await verifications()).toBe(before + limit);
    expect(await attempt()).toEqual({ result: 'card_testing' });
    expect(await verifications()).toBe(before + limit);
  });

  it("refuses a card the member's link excludes, before any verification", async () => {
    const { group } = await collectionGroup({ members: 1, installments: threeInstalments });
    const member = group.members[0]!;
    const db = await getDb();
    // No API sets a group's card exclusions: the member's links are given one here, as a link's own option.
    await db
      .update(paymentLinks)
      .set({ options: sql`${paymentLinks.options} || '{"excluded_card_types":["AMEX"]}'::jsonb` })
      .where(eq(paymentLinks.groupMemberId, member.id));
    const before = await memberRow(member.id);
    const refused = await replaceMemberCard(db, {
      linkId: member.payment_links[0]!.id,
      nonce: randomUUID(),
      method: card(cards.amex),
      returnUrl,
    });
    expect(refused).toMatchObject({ result: 'excluded', exclusion: { reason: 'type', excluded: 'AMEX' } });
    expect(await memberRow(member.id)).toMatchObject({ savedCardId: before.savedCardId });
    const booking = (await cardOf(before.savedCardId))!.bookingId;
    const amex = and(eq(savedCards.bookingId, booking), eq(savedCards.lastFour, '0002'));
    expect(await db.select().from(savedCards).where(amex)).toEqual([]);
  });

  it('a card that adds a surcharge to the collections is stored only once the member accepts that very surcharge', async () => {
    const { group } = await collectionGroup({ members: 1, installments: threeInstalments });
    const member = group.members[0]!;
    const [l1, l2, l3] = member.payment_links;
    const db = await getDb();
    const before = await memberRow(member.id);
    const verified = await verifications();
    const replace = (acceptedSurcharge?: number) =>
      replaceMemberCard(db, {
        linkId: l1!.id,
        nonce: randomUUID(),
        method: card(cards.mastercardCommercial),
        returnUrl,
        ...(acceptedSurcharge === undefined ? {} : { acceptedSurcharge }),
      });
    // The commercial card's 1.5 % on each of the two instalments left (10000 each): 150 + 150, shown before anything.
    expect(await replace()).toEqual({ result: 'confirm_surcharge', surcharge: 300, total: 20300 });
    // Another sum is no acceptance of this one.
    expect(await replace(150)).toEqual({ result: 'confirm_surcharge', surcharge: 300, total: 20300 });
    expect(await verifications()).toBe(verified);
    expect(await memberRow(member.id)).toMatchObject({ savedCardId: before.savedCardId });
    expect(await replace(300)).toEqual({ result: 'card_replaced', brand: 'MASTER', lastFour: '0007' });
    const after = await memberRow(member.id);
    expect((await collectionsOf([l2!.id, l3!.id])).map((q) => [q.savedCardId, q.amount, q.surcharge])).toEqual([
      [after.savedCardId, 10150, 150],
      [after.savedCardId, 10150, 150],
    ]);
  });

  it('a double submit stores the card once', async () => {
    const { group } = await collectionGroup({ members: 1, installments: threeInstalments });
    const member = group.members[0]!;
    const db = await getDb();
    const before = await memberRow(member.id);
    const input = {
      linkId: member.payment_links[1]!.id,
      nonce: randomUUID(),
      method: card(cards.visaFrance),
      returnUrl,
    };
    const [first, second] = await Promise.all([replaceMemberCard(db, input), replaceMemberCard(db, input)]);
    expect([first, second]).toEqual([
      { result: 'card_replaced', brand: 'VISA', lastFour: '0008' },
      { result: 'card_replaced', brand: 'VISA', lastFour: '0008' },
    ]);
    expect(await replaceMemberCard(db, input)).toMatchObject({ result: 'card_replaced' });
    const booking = (await cardOf(before.savedCardId))!.bookingId;
    const stored = await db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.bookingId, booking), eq(savedCards.lastFour, '0008')));
    expect(stored).toHaveLength(1);
    expect((await memberRow(member.id)).savedCardId).toBe(stored[0]!.id);
  });

  it("a link replaces only its own member's card, and is refused for a member not collected automatically", async () => {
    const { group } = await collectionGroup({ members: 3, installments: threeInstalments, optIn: 2 });
    const [collected, other, notCollected] = group.members;
    const db = await getDb();
    const [before, otherBefore] = [await memberRow(collected!.id), await memberRow(other!.id)];
    const method = card(cards.mastercardDebit);
    const booking = (await cardOf(before.savedCardId))!.bookingId;
    const storedOnBooking = () =>
      db
        .select()
        .from(savedCards)
        .where(and(eq(savedCards.bookingId, booking), eq(savedCards.lastFour, '4444')));
    // A member collecting nothing automatically: nothing is verified or stored.
    const link = notCollected!.payment_links[0]!.id;
    expect(await replaceMemberCard(db, { linkId: link, nonce: randomUUID(), method, returnUrl })).toEqual({
      result: 'not_collecting',
    });
    expect(await replaceMemberCard(db, { linkId: randomUUID(), nonce: randomUUID(), method, returnUrl })).toEqual({
      result: 'not_found',
    });
    expect((await memberRow(notCollected!.id)).savedCardId).toBeNull();
    expect(await storedOnBooking()).toEqual([]);

    // One member's verification (their nonce, past 3-D Secure) brought back under another member's link is refused:
    // the key is the member's and the nonce's, so the processor holds no verification of that member's under it.
    const nonce = randomUUID();
    const started = await replaceMemberCard(db, {
      linkId: collected!.payment_links[0]!.id,
      nonce,
      method: card(cards.visa3ds),
      returnUrl,
    });
    if (started.result !== 'challenge') throw new Error(`expected a challenge, got ${started.result}`);
    const psp = started.redirectUrl.split('/').pop()!;
    await new SandboxProcessor(db).finishChallenge({ providerReference: psp, payload: { password: 'password' } });
    const payload = { redirectResult: sandboxRedirectResult(psp) };
    expect(await finishMemberCardReplace(db, { linkId: other!.payment_links[0]!.id, nonce, payload })).toEqual({
      result: 'failed',
    });
    expect(await memberRow(other!.id)).toMatchObject({ savedCardId: otherBefore.savedCardId });
    expect(await memberRow(collected!.id)).toMatchObject({ savedCardId: before.savedCardId });
    // Under the member's own link it is theirs.
    expect(
      await finishMemberCardReplace(db, { linkId: collected!.payment_links[2]!.id, nonce, payload }),
    ).toMatchObject({
      result: 'card_replaced',
      lastFour: '0006',
    });
    expect(await memberRow(other!.id)).toMatchObject({ savedCardId: otherBefore.savedCardId });
  });
});
