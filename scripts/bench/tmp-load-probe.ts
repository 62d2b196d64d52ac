import { sql } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/open';
import { loadGroupRows } from '@/lib/core/groups/load-group';
import { queryRows } from '@/lib/db/query-rows';

async function time(label: string, fn: () => Promise<unknown>, n = 15) {
  const t: number[] = [];
  for (let i = 0; i < n + 2; i++) { const s = performance.now(); await fn(); if (i >= 2) t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(label, 'p50', t[Math.floor(n / 2)]!.toFixed(1));
}
async function main() {
  const database = await openDatabase({ dataDir: '/tmp/g-dbcopy' });
  const db = database.db;
  const id = process.argv[2]!;
  const q = (body: ReturnType<typeof sql>) => sql`select json_agg(r order by r.position, r.member_id, r.instalment_sequence nulls first, r.created_at, r.link_id) as rows from (${body}) r`;
  const inner = (paid: ReturnType<typeof sql>) => sql`
      select m.id as member_id, m.position, m.customer_name, m.email, m.amount as member_amount, m.auto_collect,
        l.id as link_id, l.amount, l.currency, (extract(epoch from l.due_at) * 1000)::bigint as due_at, l.instalment_sequence,
        (extract(epoch from l.expires_at) * 1000)::bigint as expires_at, (extract(epoch from l.created_at) * 1000)::bigint as created_at,
        ${paid} as paid
      from group_members m
      left join lateral (
        select * from (select * from payment_links own where own.group_member_id = m.id offset 0) member_links where member_links.deleted_at is null
      ) l on true
      where m.group_id = ${id} and m.removed_at is null`;
  const paidSql = sql`(l.settled_by_transaction_id is not null or exists (select 1 from transactions t where t.payment_link_id = l.id and t.status in ('COMPLETE','PENDING')))`;
  for (let k = 0; k < 2; k++) {
  await time('loadGroupRows', () => loadGroupRows(db, id));
  await time('members query', () => queryRows(db, q(inner(paidSql))));
  await time('members query, paid false', () => queryRows(db, q(inner(sql`false`))));
  await time('members query, no json (count)', () => queryRows(db, sql`select count(*) from (${inner(paidSql)}) r`));
  await time('members query as text', () => queryRows(db, sql`select (${q(inner(paidSql))})::text`));
  }
  const plan = await queryRows<Record<string, string>>(db, sql`explain analyze ${q(inner(paidSql))}`);
  console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
  await database.close();
}
main();
