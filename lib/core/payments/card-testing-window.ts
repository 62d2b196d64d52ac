import { sql, type SQL } from 'drizzle-orm';
import { now } from '@/lib/clock';
import type { Executor } from '@/lib/db/types';
import { queryRows } from '@/lib/db/query-rows';
import { isSandbox } from '@/lib/config';
import { isPublishedTestCard } from '@/lib/payments/processor/sandbox/sandbox-cards';
import { CARD_TESTING_REASON } from './card-testing-refusal';
import { SURCHARGE_TO_CONFIRM } from './payment-errors';

/*
 * The counting behind the card-testing pause (card-testing.ts), in one SQL statement.
 * A card attempt is counted under every scope it belongs to: its link, its IP address (in any
 * organisation), its card (BIN + last four, within the organisation), its link's group, booking and organisation. Card checks
 * (hostedCardCheck: Adyen's /cardDetails in production, which costs money) are counted
 * the same way, against limits of their own. A scope whose failures or checks reach its
 * limit within 10 minutes pauses every card attempt and check in that scope for 15
 * minutes from the attempt that reached it.
 */

export type CardTestingScope = 'link' | 'ip' | 'card' | 'group' | 'booking' | 'organisation';

/** Failures (declines, rejections) and card checks allowed per scope within the window; the limit-th starts the pause. */
export const CARD_TESTING_LIMITS: Record<CardTestingScope, { failures: number; checks: number }> = {
  link: { failures: 5, checks: 20 },
  ip: { failures: 5, checks: 20 },
  card: { failures: 5, checks: 10 },
  // A group's links share a booking: a leader's extra member links add no fresh allowance (issue 16, item 1).
  group: { failures: 10, checks: 50 },
  booking: { failures: 10, checks: 50 },
  // An incident, not a customer: pauses every card payment of the organisation (docs/checkout.md).
  organisation: { failures: 50, checks: 500 },
};
export const CARD_TESTING_WINDOW_MINUTES = 10;
export const CARD_TESTING_PAUSE_MINUTES = 15;

/** A card as the limits know it: the BIN (first 6 to 8 digits) and the last four, never more. */
export type CardKey = { bin: string; lastFour: string };

export type CardTestingSubject = { linkId: string; ipAddress: string | null; card: CardKey | null };

/** The newest attempt that completed a limit (and its scope), or null: the pause runs 15 minutes from it. */
export async function cardTestingTrip(
  db: Executor,
  subject: CardTestingSubject,
): Promise<{ scope: CardTestingScope; at: Date } | null> {
  const at = now();
  const since = new Date(at.getTime() - (CARD_TESTING_WINDOW_MINUTES + CARD_TESTING_PAUSE_MINUTES) * 60_000);
  // What counts: CARD attempts the customer made (not a stored card's merchant charge) that were declined, rejected by
  // a rule other than this one (nor a wallet's surcharge to confirm: wallet-decision.ts), or are still in progress (a failure that may come, so two racing attempts cannot both pass).
  // The organisation's scope counts only attempts that failed: 50 payments of a busy organisation in 3-D Secure at
  // once are a sale, not an attack (its racing attempts are still caught by the narrower scopes).
  const failedOrInFlight = (
    inFlight: boolean,
  ) => sql`t.type = 'CARD' and t.saved_card_id is null and t.created_at > ${since} and t.created_at <= ${at}
    and (t.status = 'DECLINED' ${inFlight ? sql`or t.status = 'PAYMENTINPROGRESS'` : sql``} or (t.status = 'REJECTED' and coalesce(t.failure_reason, '') not in (${CARD_TESTING_REASON}, ${SURCHARGE_TO_CONFIRM})))`;
  const checked = sql`c.created_at > ${since} and c.created_at <= ${at}`;
  const piece = (scope: CardTestingScope, failures: SQL, checks: SQL) => sql`
    select ${scope}::text as scope, 'failures' as kind, t.created_at as at from transactions t where ${failures} and ${failedOrInFlight(scope !== 'organisation')}
    union all select ${scope}::text, 'checks', c.created_at from card_checks c where ${checks} and ${checked}`;
  const pieces = [
    piece('link', sql`t.payment_link_id = ${subject.linkId}`, sql`c.payment_link_id = ${subject.linkId}`),
    // card_checks has no group or booking index: the organisation's (a group and a booking are in one) narrows them.
    piece(
      'group',
      sql`t.payment_link_id in (select id from group_links)`,
      sql`c.organisation_id = (select organisation_id from target) and c.group_id = (select group_id from target)`,
    ),
    piece(
      'booking',
      sql`t.booking_id = (select booking_id from target)`,
      sql`c.organisation_id = (select organisation_id from target) and c.booking_id = (select booking_id from target)`,
    ),
    piece(
      'organisation',
      sql`t.organisation_id = (select organisation_id from target)`,
      sql`c.organisation_id = (select organisation_id from target)`,
    ),
  ];
  if (subject.ipAddress)
    pieces.push(piece('ip', sql`t.ip_address = ${subject.ipAddress}`, sql`c.ip_address = ${subject.ipAddress}`));
  // The sandbox's published test cards are every developer's cards: counted per card, a team testing one
  // organisation would pause the test Visa for everyone. In the sandbox they count under every scope but the card's.
  if (subject.card && !(isSandbox() && isPublishedTestCard(subject.card))) {
    const { bin, lastFour } = subject.card;
    // The first 6 digits only: the page may know 8 where the processor's answer names 6 (Adyen's cardBin). Within the
    // organisation: one tenant's customers never pause a card at another (and the same test card is everyone's).
    const same = (alias: string) => sql`${sql.raw(alias)}.organisation_id = (select organisation_id from target)
      and left(${sql.raw(alias)}.card_bin, 6) = ${bin.slice(0, 6)} and ${sql.raw(alias)}.card_last_four = ${lastFour}`;
    pieces.push(piece('card', same('t'), same('c')));
  }
  const limit = sql.raw(
    `case ${Object.entries(CARD_TESTING_LIMITS)
      .map(
        ([scope, l]) =>
          `when scope = '${scope}' and kind = 'failures' then ${l.failures} when scope = '${scope}' and kind = 'checks' then ${l.checks}`,
      )
      .join(' ')} end`,
  );
  const rows = await queryRows<{ scope: CardTestingScope; at: Date | string }>(
    db,
    sql`
    with target as (
      select pl.organisation_id, pl.booking_id, gm.group_id from payment_links pl left join group_members gm on gm.id = pl.group_member_id
      where pl.id = ${subject.linkId}
    ), group_links as (
      select pl.id from payment_links pl join group_members gm on gm.id = pl.group_member_id where gm.group_id = (select group_id from target)
    )
    select scope, at from (
      select scope, kind, at, count(*) over (partition by scope, kind order by at
        range between interval '${sql.raw(String(CARD_TESTING_WINDOW_MINUTES))} minutes' preceding and current row) as n
      from (${sql.join(pieces, sql` union all `)}) attempts
    ) windows where n >= ${limit} order by at desc limit 1`,
  );
  const trip = rows[0];
  return trip ? { scope: trip.scope, at: new Date(trip.at) } : null;
}

/** The card of a payment method before any lookup: a typed number's first 8 and last 4 digits, or adyen-web's BIN and end digits. */
export function cardKeyOf(method: { kind: string; number?: string; fields?: Record<string, string> }): CardKey | null {
  if (method.kind === 'card' && method.number) {
    const digits = method.number.replace(/\D/g, '');
    return digits.length >= 12 ? { bin: digits.slice(0, 8), lastFour: digits.slice(-4) } : null;
  }
  const bin = method.fields?.bin ?? '';
  const lastFour = method.fields?.lastFour ?? '';
  return /^\d{6,8}$/.test(bin) && /^\d{4}$/.test(lastFour) ? { bin, lastFour } : null;
}
