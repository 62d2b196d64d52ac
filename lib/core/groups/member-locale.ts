import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';

/**
 * SQL: a group member's last known language, the locale of the newest payment they made on a page (a payment no page
 * started has none), or null. Their emails take it before the organisation's (customerLocale).
 */
export const memberLocaleSql = (memberId: SQL) => sql`(select p.locale from transactions p
  join payment_links pl on pl.id = p.payment_link_id
  where pl.group_member_id = ${memberId} and p.locale is not null order by p.created_at desc limit 1)`;

/** Each of these members' last known language, for those that have one. */
export async function memberLocales(db: Executor, memberIds: string[]): Promise<Map<string, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; locale: string | null }>(
    db,
    sql`select m.id, ${memberLocaleSql(sql`m.id`)} as locale from group_members m
      where m.id in (${sql.join(
        memberIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  return new Map(rows.flatMap((row) => (row.locale ? [[row.id, row.locale] as const] : [])));
}
