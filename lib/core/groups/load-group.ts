import { sql, type SQL } from 'drizzle-orm';
import type { OrganisationSettings } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import { linkPaidSql } from './link-paid-sql';

export type GroupHeaderRow = {
  id: string;
  organisation_id: string;
  organisation_name: string;
  organisation_image: string | null;
  settings: OrganisationSettings;
  booking_id: string;
  booking_reference: string;
  gross_amount: string | number | null;
  name: string | null;
  lead_name: string;
  lead_email: string;
  lead_locale: string | null;
  currency: string;
  status: string;
  members_locked: boolean;
  installments_locked: boolean;
  description: string | null;
  link_expires_at: Date | string;
  created_at: Date | string;
  /** due_at in epoch milliseconds (epochMs): on PGlite each timestamptz written into JSON as text cost about 1 ms. */
  instalments: { id: string; sequence: number; amount: number; due_at: number }[] | null;
};

/** Timestamps come as milliseconds since the epoch (`epochMs`): compared as numbers, one Date only when written out. */
export type MemberLinkRow = {
  member_id: string;
  position: number;
  customer_name: string;
  email: string | null;
  member_amount: number;
  auto_collect: boolean;
  added_by_leader: boolean;
  approved_at: number | null;
  link_id: string | null;
  amount: number | null;
  currency: string | null;
  due_at: number | null;
  instalment_sequence: number | null;
  expires_at: number | null;
  created_at: number | null;
  paid: boolean | null;
};

export const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/** The group with its organisation, booking and live schedule (one row), or undefined. */
export async function loadGroupHeader(db: Executor, groupId: string): Promise<GroupHeaderRow | undefined> {
  const [header] = await queryRows<GroupHeaderRow>(
    db,
    sql`
      select g.id, g.organisation_id, o.name as organisation_name, o.image as organisation_image, o.settings, g.booking_id, b.booking_reference, b.gross_amount,
        g.name, g.lead_name, g.lead_email, g.lead_locale, g.currency, g.status, g.members_locked, g.installments_locked, g.description,
        g.link_expires_at, g.created_at,
        (select json_agg(json_build_object('id', i.id, 'sequence', i.sequence, 'amount', i.amount, 'due_at', ${epochMs(sql`i.due_at`)}) order by i.sequence)
           from group_instalments i where i.group_id = g.id and i.replaced_at is null) as instalments
      from payment_link_groups g
      join organisations o on o.id = g.organisation_id
      join bookings b on b.id = g.booking_id
      where g.id = ${groupId}`,
  );
  return header;
}

/**
 * A group in two queries, however many members and links: the group with its
 * organisation, booking and live schedule; then every live member with their
 * live links and whether each is paid (its own payment in a paying status, or
 * settled by another of the member's payments). The API's read (the portal reads
 * per-member sums instead: portal-read.ts); a 200 × 12 group stays a couple of index scans.
 */
export async function loadGroupRows(
  db: Executor,
  groupId: string,
): Promise<{ header: GroupHeaderRow | undefined; rows: MemberLinkRow[] }> {
  const [header, rows] = await Promise.all([
    loadGroupHeader(db, groupId),
    // Each member's links through their own index (payment_links_group_member_idx). `offset 0` keeps
    // `deleted_at is null` outside that scan: inside it, on a freshly filled table (statistics not yet
    // gathered; PGlite has no autovacuum) the planner combined the member index with the organisation
    // listing's partial index on `deleted_at is null` and read every link of the organisation once per member.
    // One row of JSON rather than 2 400 rows, timestamps as numbers: on PGlite the per-row, per-column
    // conversion was most of the time (a 200 × 12 group: ~450 ms as rows, ~130 ms so); on PostgreSQL both are alike.
    queryRows<{ rows: MemberLinkRow[] | null }>(
      db,
      sql`
      select json_agg(r order by r.position, r.member_id, r.instalment_sequence nulls first, r.created_at, r.link_id) as rows from (
      select m.id as member_id, m.position, m.customer_name, m.email, m.amount as member_amount, m.auto_collect,
        m.added_by_leader, ${epochMs(sql`m.approved_at`)} as approved_at,
        l.id as link_id, l.amount, l.currency, ${epochMs(sql`l.due_at`)} as due_at, l.instalment_sequence,
        ${epochMs(sql`l.expires_at`)} as expires_at, ${epochMs(sql`l.created_at`)} as created_at,
        ${linkPaidSql('l')} as paid
      from group_members m
      left join lateral (
        select * from (select * from payment_links own where own.group_member_id = m.id offset 0) member_links where member_links.deleted_at is null
      ) l on true
      where m.group_id = ${groupId} and m.removed_at is null) r`,
    ),
  ]);
  return { header, rows: rows[0]?.rows ?? [] };
}
