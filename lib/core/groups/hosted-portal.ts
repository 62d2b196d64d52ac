import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { and, eq, sql } from 'drizzle-orm';
import { hasLocale } from 'next-intl';
import { routing } from '@/lib/i18n/routing';
import { groupMembers, paymentLinkGroups } from '@/lib/db/schema';
import { isUuid } from '../shared/is-uuid';
import { addMember } from './add-member';
import { loadGroupHeader, type GroupHeaderRow } from './load-group';
import { portalCsv } from './portal-csv';
import { loadPortalGroup, type PortalGroup } from './portal-read';
import { removeMember } from './remove-member';
import { sendGroupLinks, type SendLinksResult } from './send-group-links';
import { setSchedule } from './set-schedule';
import { readPortalSession, sessionVersion } from './portal-session';
import { portalTokenState, portalVersionValid } from './portal-token';

export type { PortalGroup, PortalMember } from './portal-read';

/*
 * The leader portal's entry to the core (app/[locale]/groups/[group_id]/): it
 * opens the database here, so the page and its actions never import lib/db.
 * Who may see or change a group is decided in one place, portalAccess: the
 * browser's portal session holds the group at its current token version (not
 * expired), and the group belongs to the
 * organisation of the portal domain the request came to (none: the main host).
 */

/**
 * Who is asking: the group in the address, the session cookie, the host's organisation (proxy.ts's header), and the
 * language of the page they use (remembered as the leader's: rememberLeaderLocale).
 */
export type PortalRequest = {
  groupId: string;
  sessionCookie: string | undefined;
  hostOrganisation: string | null;
  locale?: string;
};

export type PortalView =
  { state: 'signed_out' } | { state: 'not_found' } | { state: 'open'; group: PortalGroup; noticeMember: string | null };

/** Whether this request may see and act on the group (the group's row when it may: no member is read for the gate). */
async function portalAccess(
  db: Db,
  request: PortalRequest,
): Promise<{ state: 'signed_out' | 'not_found' } | { state: 'open'; group: GroupHeaderRow }> {
  if (!isUuid(request.groupId)) return { state: 'not_found' };
  // Without the session nothing is read: the page only says how to get in.
  const version = sessionVersion(await readPortalSession(db, request.sessionCookie), request.groupId);
  if (version === null) return { state: 'signed_out' };
  // A session entered before the group's token was rotated, or past the token's expiry, is signed out (portal-token.ts).
  if (!portalVersionValid(await portalTokenState(db, request.groupId.toLowerCase()), version))
    return { state: 'signed_out' };
  const group = await loadGroupHeader(db, request.groupId.toLowerCase());
  if (!group || (request.hostOrganisation !== null && group.organisation_id !== request.hostOrganisation))
    return { state: 'not_found' };
  await rememberLeaderLocale(db, group, request.locale);
  return { state: 'open', group };
}

/**
 * The language the leader uses the portal in becomes their emails' (alerts, a replaced portal link), before the
 * organisation's: written only when it changes, so a page view costs no write once it is known. Only the leader's
 * session reaches here (portalAccess), so nobody else's visit sets it.
 */
async function rememberLeaderLocale(db: Db, group: GroupHeaderRow, locale: string | undefined): Promise<void> {
  if (!locale || locale === group.lead_locale || !hasLocale(routing.locales, locale)) return;
  await db
    .update(paymentLinkGroups)
    .set({ leadLocale: locale })
    .where(and(eq(paymentLinkGroups.id, group.id), sql`${paymentLinkGroups.leadLocale} is distinct from ${locale}`));
}

/**
 * The page: the group with each member's sums and next link (portal-read.ts), or why it cannot be shown.
 * `noticeMember` (the `member` of an action's 303) is named in the status message when it is a member of
 * this group, removed ones included ("Ada Lovelace was removed"): the address carries an id, never a name.
 */
export async function hostedPortal(request: PortalRequest & { noticeMember?: unknown }): Promise<PortalView> {
  const db = await getDb();
  const access = await portalAccess(db, request);
  if (access.state !== 'open') return access;
  const [group, noticeMember] = await Promise.all([
    loadPortalGroup(db, access.group),
    memberName(db, access.group.id, request.noticeMember),
  ]);
  return { state: 'open', group, noticeMember };
}

async function memberName(db: Db, groupId: string, memberId: unknown): Promise<string | null> {
  if (typeof memberId !== 'string' || !isUuid(memberId)) return null;
  const [row] = await db
    .select({ name: groupMembers.customerName })
    .from(groupMembers)
    .where(and(eq(groupMembers.id, memberId.toLowerCase()), eq(groupMembers.groupId, groupId)));
  return row?.name ?? null;
}

/**
 * The CSV export (app/[locale]/groups/[group_id]/export/route.ts): behind the same gate as the page,
 * so only the leader's session (at the current token version, on the group's own host) gets it.
 */
export async function hostedPortalCsv(
  request: PortalRequest,
): Promise<
  { state: 'signed_out' } | { state: 'not_found' } | { state: 'open'; csv: string; bookingReference: string }
> {
  const db = await getDb();
  const access = await portalAccess(db, request);
  if (access.state !== 'open') return access;
  return { state: 'open', csv: await portalCsv(db, access.group), bookingReference: access.group.booking_reference };
}

/**
 * The portal actions' gate (every action passes app/[locale]/groups/[group_id]/portal-action.ts,
 * then one of the functions below): runs `change` only when the request may act on the group. The change itself
 * checks the locks and what is paid in SQL, so a page that was open before a
 * lock was set, or a replayed post, changes nothing.
 */
async function withPortalGroup(
  request: PortalRequest,
  change: (db: Db, groupId: string) => Promise<PortalOutcome>,
): Promise<PortalOutcome> {
  const db = await getDb();
  const access = await portalAccess(db, request);
  if (access.state !== 'open') return { result: access.state };
  try {
    return await change(db, access.group.id);
  } catch (error) {
    if (error instanceof AppError) return { result: refusal(error.code) };
    throw error;
  }
}

/** The core's refusals the leader can act on, each with its own message (GroupPortal `result_*`). */
const refusals = {
  'group.members_locked': 'members_locked',
  'group.installments_locked': 'installments_locked',
  'group.member_has_paid': 'member_paid',
  'group.member_not_found': 'member_not_found',
  'group.paid_instalment_changed': 'paid_instalment_changed',
  'group.due_dates_not_ascending': 'due_dates_not_ascending',
  'group.due_date_past': 'due_date_past',
  'group.schedule_sum_mismatch': 'schedule_sum_mismatch',
  'group.share_too_small': 'share_too_small',
  'group.too_many_instalments': 'too_many_instalments',
  'group.instalment_amount_invalid': 'invalid',
  'group.share_below_minimum': 'share_below_minimum',
  'group.member_additions_limited': 'member_additions_limited',
  'group.too_many_members': 'too_many_members',
  'group.send_rate_limited': 'send_rate_limited',
} as const;

/** What an action did, or why it did nothing: codes only, which the page words. */
export type PortalOutcome = {
  result:
    | 'member_added'
    | 'member_removed'
    | 'schedule_saved'
    | 'links_sent'
    | 'links_held'
    | 'signed_out'
    | 'not_found'
    | 'invalid'
    | 'refused'
    | (typeof refusals)[keyof typeof refusals];
  count?: number;
  skipped?: number;
  /** The member the change was about (added, removed): the page names them. */
  member?: string;
  /** A schedule change: how many members' links it replaced (the page offers to send the new ones). */
  replaced?: number;
  /** Send-links: how many members were skipped for each reason (send-group-links.ts). */
  skips?: Partial<Record<SkipReason, number>>;
};

type SkipReason = SendLinksResult['skipped'][number]['reason'];

function refusal(code: string): PortalOutcome['result'] {
  if (code in refusals) return refusals[code as keyof typeof refusals];
  return code.startsWith('validation.') ? 'invalid' : 'refused';
}

/** Adds a member (the core refuses when the list is locked, under the group's row lock). */
export const portalAddMember = (
  request: PortalRequest,
  member: { customer_name: string; email?: string; amount: number },
) =>
  withPortalGroup(request, async (db, groupId) => {
    const { member_id } = await addMember(db, groupId, member);
    return { result: 'member_added', member: member_id };
  });

/** Removes a member who has paid nothing (the core refuses otherwise, and when the list is locked). */
export const portalRemoveMember = (request: PortalRequest, memberId: string) =>
  withPortalGroup(request, async (db, groupId) => {
    await removeMember(db, groupId, memberId);
    return { result: 'member_removed', member: memberId };
  });

/** Sets or changes the schedule (the core refuses when locked, and keeps what is paid). */
export const portalSetSchedule = (request: PortalRequest, installments: { amount: number; due_at: string }[]) =>
  withPortalGroup(request, async (db, groupId) => {
    const saved = await setSchedule(db, groupId, { installments });
    // `replaced`: members whose links were replaced; the notice offers to send them their new links.
    return { result: 'schedule_saved', count: installments.length, replaced: saved.replacedMembers };
  });

/**
 * Emails every member (or one) their next link; the sandbox mailbox shows them. When nothing went and a member
 * was held (awaiting the organisation's approval, or at their daily limit of emails) the leader is told so (`links_held`).
 */
export const portalSendLinks = (request: PortalRequest, memberId?: string) =>
  withPortalGroup(request, async (db, groupId) => {
    const sent = await sendGroupLinks(db, groupId, { memberId });
    const held = sent.skipped.filter((s) => s.reason === 'awaiting_approval' || s.reason === 'rate_limited').length;
    if (sent.sent.length === 0 && held > 0) return { result: 'links_held', count: held };
    const skips: Partial<Record<SkipReason, number>> = {};
    for (const { reason } of sent.skipped) skips[reason] = (skips[reason] ?? 0) + 1;
    return { result: 'links_sent', count: sent.sent.length, skipped: sent.skipped.length, skips, member: memberId };
  });
