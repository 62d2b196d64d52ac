import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import type { Executor } from '@/lib/db/types';
import type { CardKey } from './card-testing-window';

/**
 * One card check against a link (card_checks): a lookup of the card's facts that asks the processor, or a member's
 * card verification (member-card-replace.ts). The card-testing limits count them per link, IP, card, group, booking
 * and organisation in the same window as failed payments (card-testing-window.ts). The link's organisation, booking
 * and group are read from the link itself, never taken from the caller.
 */
export async function recordCardCheck(db: Executor, linkId: string, ipAddress: string | null, card: CardKey | null) {
  await db.execute(sql`insert into card_checks (id, organisation_id, payment_link_id, booking_id, group_id, ip_address, card_bin, card_last_four, created_at)
    select ${randomUUID()}, pl.organisation_id, pl.id, pl.booking_id, gm.group_id, ${ipAddress}, ${card?.bin ?? null}, ${card?.lastFour ?? null}, ${now().toISOString()}::timestamptz
    from payment_links pl left join group_members gm on gm.id = pl.group_member_id where pl.id = ${linkId}`);
}
