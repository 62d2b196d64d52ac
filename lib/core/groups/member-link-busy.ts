import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import type { Tx } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { lockMemberOfLink } from './member-locks';
import { linkBusySql } from './link-paid-sql';

export const memberLinkBusy = () =>
  new AppError(
    'group.link_paid',
    "This group member's link is paid, being paid or being collected (by a payment of its own or one of the member's payments covering it): it cannot be deleted or assigned elsewhere.",
  );

/**
 * The API's delete and assign of a payment link, for a group member's link: takes the locks a
 * payment of the member takes (lockMemberOfLink, member-locks.ts: the one order), then asks
 * the portal's question (linkBusySql) in a statement of its own, so it sees what a payment that
 * held those locks committed. A link of no member passes (its own transactions are checked by the
 * caller, as before); a payment starting after this waits for the caller's commit and then finds
 * the link deleted or moved.
 */
export async function refuseBusyMemberLink(tx: Tx, linkId: string): Promise<void> {
  await lockMemberOfLink(tx, linkId);
  const [row] = await queryRows<{ busy: boolean }>(
    tx,
    sql`
    select ${linkBusySql('l')} as busy from payment_links l where l.id = ${linkId} and l.group_member_id is not null`,
  );
  if (row?.busy) throw memberLinkBusy();
}
