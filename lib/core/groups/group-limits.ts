import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import type { OrganisationSettings } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { MAX_MEMBERS } from './group-input';

/*
 * What a group leader may do through the portal (issue 16, items 1 and 2: card testing
 * through member links, and the portal as an email relay). Each limit is counted in SQL
 * inside the transaction that holds the group's row lock, so two requests racing at a
 * limit run one after the other and the second sees the first. The organiser's API is
 * held to the sending limits too (the emails are the same), not to the member limits.
 */

/** Members the leader may add to one group in any 24 hours (removed members still count). */
export const LEADER_MEMBERS_PER_DAY = 10;
/** The smallest share a leader may give a member, in minor units: no penny links to test cards with. */
export const MIN_LEADER_MEMBER_SHARE = 100;
/** Link emails one member may receive in any 24 hours. */
export const MEMBER_SENDS_PER_DAY = 3;
/** Send requests (to all or to one) per group in any hour. */
export const GROUP_SENDS_PER_HOUR = 10;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The organisation setting `leader_members_require_approval`: unset, on in production and off in the sandbox. */
export const leaderMembersRequireApproval = (settings: OrganisationSettings) =>
  settings.leader_members_require_approval ?? !isSandbox();

/** Refuses a leader's new member whose share is under the minimum, or past the day's additions to the group. Under the group lock. */
export async function checkLeaderAddition(tx: Executor, groupId: string, amount: number): Promise<void> {
  if (amount < MIN_LEADER_MEMBER_SHARE) {
    throw new AppError(
      'group.share_below_minimum',
      `A member added by the leader owes at least ${MIN_LEADER_MEMBER_SHARE} minor units.`,
    );
  }
  const since = new Date(now().getTime() - DAY);
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from group_members
    where group_id = ${groupId} and added_by_leader and created_at > ${since}`,
  );
  if (row!.n >= LEADER_MEMBERS_PER_DAY) {
    throw new AppError(
      'group.member_additions_limited',
      `The leader may add at most ${LEADER_MEMBERS_PER_DAY} members to a group in 24 hours.`,
    );
  }
}

/**
 * Refuses an addition to a group that already has MAX_MEMBERS live members: the bound a group is created
 * with (and a schedule change re-splits in one transaction) holds for members added one by one too, by the
 * leader (whose daily limit alone would let a group grow without end) and the organiser alike. Under the group lock.
 */
export async function checkGroupRoom(tx: Executor, groupId: string): Promise<void> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from group_members where group_id = ${groupId} and removed_at is null`,
  );
  if (row!.n >= MAX_MEMBERS) {
    throw new AppError('group.too_many_members', `A group has at most ${MAX_MEMBERS} members.`);
  }
}

/** Refuses a send request past the group's hourly limit (audit records of `payment-link-group:send-links`). Under the group lock. */
export async function checkGroupSendRate(tx: Executor, organisationId: string, groupId: string): Promise<void> {
  const since = new Date(now().getTime() - HOUR);
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from audit_records
    where organisation_id = ${organisationId} and type = 'payment-link-group:send-links' and entity_id = ${groupId} and created_at > ${since}`,
  );
  if (row!.n >= GROUP_SENDS_PER_HOUR) {
    throw new AppError(
      'group.send_rate_limited',
      `Links of one group may be sent at most ${GROUP_SENDS_PER_HOUR} times an hour.`,
    );
  }
}

/** Members among `memberIds` who had MEMBER_SENDS_PER_DAY link emails in the last 24 hours (audit `payment-link-group:send-link`). */
export async function membersAtSendLimit(
  tx: Executor,
  organisationId: string,
  memberIds: readonly string[],
): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const since = new Date(now().getTime() - DAY);
  const rows = await queryRows<{ entity_id: string }>(
    tx,
    sql`select entity_id from audit_records
    where organisation_id = ${organisationId} and type = 'payment-link-group:send-link' and created_at > ${since}
      and entity_id in (${sql.join(
        memberIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    group by entity_id having count(*) >= ${MEMBER_SENDS_PER_DAY}`,
  );
  return new Set(rows.map((r) => r.entity_id));
}
