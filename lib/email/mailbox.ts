import { getDb } from '@/lib/db/client';
import { listMailbox } from './list-mailbox';

export const MAILBOX_PAGE_SIZE = 50;

/**
 * The sandbox mailbox page's one door to the database (pages never import lib/db):
 * page `page` (1-based) of the emails, optionally for one recipient. Server only.
 */
export async function mailboxPage({ to, page }: { to?: string; page: number }) {
  return listMailbox(await getDb(), { to, skip: (page - 1) * MAILBOX_PAGE_SIZE, take: MAILBOX_PAGE_SIZE });
}
