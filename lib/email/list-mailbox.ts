import { and, desc, isNull } from 'drizzle-orm';
import { containsInsensitive } from '@/lib/core/shared/sql-helpers';
import { emailOutbox } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

export type MailboxEmail = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/**
 * Every email in the outbox that has its words (not one still waiting for the runner to write it), newest first, for the sandbox mailbox page; `to`
 * keeps those whose recipient contains it (any case). One row more than `take`
 * is read to know whether another page exists, without counting the table.
 */
export async function listMailbox(
  db: Executor,
  { to, skip, take }: { to?: string; skip: number; take: number },
): Promise<{ emails: MailboxEmail[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.renderLater), to ? containsInsensitive(emailOutbox.toAddress, to) : undefined))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .offset(skip)
    .limit(take + 1);
  const emails = rows.slice(0, take).map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
  }));
  return { emails, hasMore: rows.length > take };
}
