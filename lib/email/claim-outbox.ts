import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { emailOutbox } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';

/*
 * A queued email is "claimed" while claimed_at is set: one process is sending it.
 * A claim is a lease in the DATABASE's real time (SQL now(), not the service clock):
 * every process agrees on it whatever its own clock, and moving the sandbox test
 * clock never makes a send in progress look abandoned. A claim older than
 * CLAIM_LEASE is taken to belong to a process that died and is claimed again.
 */
const CLAIM_LEASE = sql`interval '10 minutes'`;

export type ClaimedEmail = typeof emailOutbox.$inferSelect;

/**
 * Queued emails matching `which` that nobody holds (or whose holder died: the lease), oldest first, not locked by
 * another claimer: the one claim query of the outbox, for sending (`dueToSend`) and for writing (claim-to-write.ts).
 */
export function claimable(which: SQL, limit: number) {
  return sql`(
    select ${emailOutbox.id} from ${emailOutbox}
    where ${emailOutbox.status} = 'queued' and ${which}
      and (${emailOutbox.claimedAt} is null or ${emailOutbox.claimedAt} < now() - ${CLAIM_LEASE})
    order by ${emailOutbox.createdAt}
    limit ${limit}
    for update skip locked)`;
}

/**
 * Written (render_later is null: see claim-to-write.ts) and due: next_attempt_at, set by a back-off, has come (by the
 * service clock, so the sandbox test clock moves retries too).
 */
const dueToSend = () =>
  sql`${emailOutbox.renderLater} is null
    and (${emailOutbox.nextAttemptAt} is null or ${emailOutbox.nextAttemptAt} <= ${now().toISOString()}::timestamptz)`;

/**
 * Claims up to `limit` emails for this caller in one statement. SKIP LOCKED lets
 * several processes claim at once: each row goes to exactly one of them, and a
 * row another claimer just took no longer matches when re-checked.
 * Every claim counts as an attempt; (id, attempts) then names this claim.
 */
export async function claimEmails(db: Db, limit: number): Promise<ClaimedEmail[]> {
  return db
    .update(emailOutbox)
    .set({ claimedAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(inArray(emailOutbox.id, claimable(dueToSend(), limit)))
    .returning();
}

/** Sandbox without SMTP: the mailbox page is the delivery, so claim and deliver in one statement. */
export async function deliverToMailbox(db: Db, limit: number): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({
      status: 'delivered_to_mailbox',
      claimedAt: sql`now()`,
      attempts: sql`${emailOutbox.attempts} + 1`,
      sentAt: now(),
    })
    .where(inArray(emailOutbox.id, claimable(dueToSend(), limit)))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** This claim, if it still holds: a claim taken over after the lease changes nothing. */
const stillClaimed = (email: ClaimedEmail) =>
  and(eq(emailOutbox.id, email.id), eq(emailOutbox.attempts, email.attempts), eq(emailOutbox.status, 'queued'));

/** Sent: the claim's work is done. */
export async function finishSent(db: Executor, email: ClaimedEmail): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now(), lastError: null, nextAttemptAt: null })
    .where(stillClaimed(email));
}

/** Failed transiently: queued again, unclaimed, not to be claimed before `nextAttemptAt`. */
export async function finishRetryLater(
  db: Executor,
  email: ClaimedEmail,
  error: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db.update(emailOutbox).set({ lastError: error, nextAttemptAt, claimedAt: null }).where(stillClaimed(email));
}

/** Given up: 'failed' for good. Answers whether this claim made it so (false if the claim was lost). */
export async function finishFailed(tx: Executor, email: ClaimedEmail, error: string): Promise<boolean> {
  const rows = await tx
    .update(emailOutbox)
    .set({ status: 'failed', lastError: error, nextAttemptAt: null })
    .where(stillClaimed(email))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/** How many emails wait to be sent (production without SMTP_URL reports it). */
export async function countQueued(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'queued'));
  return row?.n ?? 0;
}
