import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { emailOutbox } from '@/lib/db/schema';
import { claimEmails } from '@/lib/email/claim-outbox';
import { listMailbox } from '@/lib/email/list-mailbox';
import { runOnce } from '@/lib/runner/run-once';
import { runDueScheduledPayments } from '@/lib/runner/scheduled-payments-step';
import { writeQueuedReceipts } from '@/lib/runner/write-receipts-step';
import { resetClock } from '@/lib/sandbox/test-clock';
import { withTestDatabase } from '../support/test-database';
import { advanceDays, collectionGroup, collectionsOf } from '../groups/collection-support';

withTestDatabase();
afterEach(async () => {
  await resetClock(await getDb());
});

/*
 * The runner's grouped collections queue each payer's receipt without its words (render_later) in the settling
 * statement, and the receipts step writes them afterwards (docs/runner.md): the receipt still exists if and only if
 * the payment does, but rendering is off the charges' path. Until it is written, a receipt is neither delivered
 * nor listed in the sandbox mailbox; it is written once however many runners reach it.
 */
describe('receipts queued by the runner and written later', () => {
  it('queues them with the payments, unwritten and undeliverable, then writes each exactly once', async () => {
    const { group } = await collectionGroup({ members: 3 });
    await advanceDays(41);
    const db = await getDb();
    const charged = await runDueScheduledPayments(db, 50);
    expect(charged.completed).toBe(3);
    const collections = await collectionsOf(group.members.map((m) => m.payment_links[1]!.id));
    const keys = collections.map((c) => `receipt:${c.transactionId}`);
    const receipts = () => db.select().from(emailOutbox).where(inArray(emailOutbox.dedupeKey, keys));

    const queued = await receipts();
    expect(queued).toHaveLength(3);
    for (const receipt of queued) {
      expect(receipt).toMatchObject({ kind: 'payment_receipt', status: 'queued', subject: '', textBody: '' });
      expect(receipt.renderLater).toMatchObject({ template: 'payment_receipt' });
      expect(keys).toContain(`receipt:${receipt.renderLater!.transactionId}`);
    }
    expect(queued.map((r) => r.toAddress).sort()).toEqual([
      'member1@example.com',
      'member2@example.com',
      'member3@example.com',
    ]);
    // Not delivered, not listed while unwritten.
    const claimed = await claimEmails(db, 1000);
    expect(claimed.map((e) => e.id)).not.toEqual(expect.arrayContaining([queued[0]!.id]));
    const listed = await listMailbox(db, { to: 'member1@example.com', skip: 0, take: 100 });
    expect(listed.emails.map((e) => e.id)).not.toContain(queued.find((r) => r.toAddress === 'member1@example.com')!.id);

    // Two runners at once: each receipt is written by one of them.
    const [a, b] = await Promise.all([writeQueuedReceipts(db, 50), writeQueuedReceipts(db, 50)]);
    const written = await receipts();
    expect(written.every((r) => r.renderLater === null && r.claimedAt === null)).toBe(true);
    expect(a + b).toBe(3);
    for (const receipt of written) {
      expect(receipt.subject).toContain('Collect');
      expect(receipt.textBody).toContain('/receipts/');
      expect(receipt.htmlBody).toContain('lang="en-GB"');
    }
    // Written: listed, and claimable for delivery like any other email.
    const again = await listMailbox(db, { to: 'member2@example.com', skip: 0, take: 100 });
    expect(again.emails.map((e) => e.id)).toContain(written.find((r) => r.toAddress === 'member2@example.com')!.id);
    expect((await claimEmails(db, 1000)).map((e) => e.id)).toEqual(expect.arrayContaining(written.map((r) => r.id)));
    // Nothing left to write.
    expect(await writeQueuedReceipts(db, 50)).toBe(0);
  });

  it('waits while a pass charges whole batches (money first), and is written by the next pass', async () => {
    const { group } = await collectionGroup({ members: 3 });
    await advanceDays(41);
    const db = await getDb();
    const collections = () => collectionsOf(group.members.map((m) => m.payment_links[1]!.id));
    const unwritten = async () => {
      const keys = (await collections()).map((c) => `receipt:${c.transactionId}`);
      const rows = await db.select().from(emailOutbox).where(inArray(emailOutbox.dedupeKey, keys));
      return rows.filter((r) => r.renderLater !== null).length;
    };
    // Batches of 2: three collections fill a whole batch, so this pass is a backlog's.
    const busy = await runOnce(db, { batch: 2 });
    expect(busy.scheduled.completed).toBe(3);
    expect(busy.receiptsWritten).toBe(0);
    expect(await unwritten()).toBe(3);
    const next = await runOnce(db, { batch: 2 });
    expect(next.receiptsWritten).toBe(3);
    expect(await unwritten()).toBe(0);
  });
});
