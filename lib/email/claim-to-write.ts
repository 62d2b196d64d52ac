import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { emailOutbox } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { claimable } from './claim-outbox';
import type { RenderedEmail } from './templates/render-email';

/*
 * Emails queued before they are written (render_later: the runner's grouped collections queue their receipts so).
 * Writing one is claimed like sending one (claim-outbox.ts): a lease in the database's time on claimed_at, SKIP
 * LOCKED so several runners each take their own, a dead writer's claim taken again after the lease. A written
 * email has render_later null and no claim, and is then claimed for delivery like any other.
 */
export type EmailToWrite = {
  id: string;
  claimedAt: Date;
  renderLater: NonNullable<typeof emailOutbox.$inferSelect.renderLater>;
};

export async function claimEmailsToWrite(db: Db, limit: number): Promise<EmailToWrite[]> {
  const rows = await db
    .update(emailOutbox)
    // Milliseconds, so the claim's time reads back into a Date exactly and names the claim in stillClaimed.
    .set({ claimedAt: sql`date_trunc('milliseconds', now())` })
    .where(inArray(emailOutbox.id, claimable(isNotNull(emailOutbox.renderLater), limit)))
    .returning({ id: emailOutbox.id, claimedAt: emailOutbox.claimedAt, renderLater: emailOutbox.renderLater });
  return rows.map((row) => ({ id: row.id, claimedAt: row.claimedAt!, renderLater: row.renderLater! }));
}

const stillClaimed = (email: EmailToWrite) =>
  and(eq(emailOutbox.id, email.id), eq(emailOutbox.claimedAt, email.claimedAt), isNotNull(emailOutbox.renderLater));

/** Its words written: from now on it is an email like any other, queued for delivery. */
export async function finishWritten(db: Db, email: EmailToWrite, rendered: RenderedEmail): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      renderLater: null,
      claimedAt: null,
    })
    .where(stillClaimed(email));
}

/** Nothing to write any more (its payment has no payer email now): failed, with the reason. */
export async function finishUnwritable(db: Db, email: EmailToWrite, reason: string): Promise<void> {
  await db.update(emailOutbox).set({ status: 'failed', lastError: reason }).where(stillClaimed(email));
}
