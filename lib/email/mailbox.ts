import { eq } from 'drizzle-orm';
import { isUuid } from '@/lib/core/shared/is-uuid';
import { getDb } from '@/lib/db/client';
import { emailOutbox } from '@/lib/db/schema';
import { listMailbox } from './list-mailbox';

export const MAILBOX_PAGE_SIZE = 50;

/**
 * The sandbox mailbox page's one door to the database (pages never import lib/db):
 * page `page` (1-based) of the emails, optionally for one recipient. Server only.
 */
export async function mailboxPage({ to, page }: { to?: string; page: number }) {
  return listMailbox(await getDb(), { to, skip: (page - 1) * MAILBOX_PAGE_SIZE, take: MAILBOX_PAGE_SIZE });
}

/** The HTML part of one email of the outbox (null when there is none or no such email), for the mailbox's frame. */
export async function mailboxEmailHtml(id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await (
    await getDb()
  )
    .select({ html: emailOutbox.htmlBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .limit(1);
  return row?.html ?? null;
}
