import { sql } from 'drizzle-orm';
import { createBenchTenant } from './bench-tenant';
import { APPROVED_VISA } from './payments';

/**
 * The group collection scenario's database: one group of `members` opted-in
 * members (auto_collect, a saved card each) on one booking, each with one
 * instalment link falling due at the same moment (an hour ago), and each
 * link's automatic collection QUEUED as enableAutoCollect queues it
 * (payment_link_id, execute_after = the due date). The cards carry the token
 * of one card stored by a real sandbox payment (a plain link on the booking).
 * Seeded in SQL, like the scheduled-payment scenario.
 */
export async function seedGroupCollections(url: string, members: number): Promise<number> {
  const { openDatabase } = await import('@/lib/db/open');
  const { paymentLinksResource } = await import('@/lib/core/payment-links/payment-links');
  const { payByCard } = await import('@/lib/core/payments/pay-by-card');
  const { queryRows } = await import('@/lib/db/query-rows');
  const database = await openDatabase({ url });
  try {
    const { db } = database;
    const organisation = 'org_bench_groups';
    const { user, actor } = await createBenchTenant(db, {
      organisation,
      name: 'Bench Group Travel',
      email: 'groups@bench.travel-pay.test',
    });
    const [booking] = await queryRows<{ id: string }>(
      db,
      sql`
      insert into bookings (id, organisation_id, user_id, booking_reference, customer_name, email, currency, gross_amount, departure_date, created_at, updated_at)
      values (gen_random_uuid(), ${organisation}, ${user.id}::uuid, 'GROUP-BENCH', 'Lena Leader', 'lena@bench.travel-pay.test', 'GBX', 100000000, date '2027-06-01', now(), now())
      returning id`,
    );
    const link = await paymentLinksResource.create(
      db,
      actor,
      paymentLinksResource.createSchema.parse({
        organisation,
        booking_id: booking!.id,
        customer_name: 'Lena Leader',
        email: 'lena@bench.travel-pay.test',
        amount: 10_000,
        currency: 'GBX',
      }),
    );
    const outcome = await payByCard(db, {
      checkoutId: link.id,
      method: { ...APPROVED_VISA },
      storeCard: true,
      returnUrl: 'http://127.0.0.1/bench/return',
    });
    if (outcome.outcome !== 'paid') throw new Error(`storing the template card answered ${JSON.stringify(outcome)}`);
    const [template] = await queryRows<{ id: string }>(
      db,
      sql`select id from saved_cards where booking_id = ${booking!.id}::uuid`,
    );
    if (!template) throw new Error('the template payment stored no card');

    // Ids derived from the member's number, so that each table's rows can be joined by it.
    const id = (kind: string) => sql.raw(`md5('${kind}:' || n)::uuid`);
    const options = JSON.stringify({
      authorisation_only: false,
      surcharging_enabled: false,
      dcc_enabled: false,
      excluded_card_types: [],
      excluded_card_regions: [],
      hide_store_card: false,
      store_card_forced: false,
    });
    const amount = sql.raw(`(1000 + (n % 997) * 13)`);
    await db.execute(sql`
      insert into payment_link_groups (id, organisation_id, booking_id, user_id, name, lead_name, lead_email, currency, link_expires_at, created_at, updated_at)
      values (md5('group')::uuid, ${organisation}, ${booking!.id}::uuid, ${user.id}::uuid, 'Bench group', 'Lena Leader', 'lena@bench.travel-pay.test', 'GBX', now() + interval '30 days', now(), now())`);
    await db.execute(sql`
      insert into group_instalments (id, group_id, sequence, amount, due_at, created_at)
      values (gen_random_uuid(), md5('group')::uuid, 1, 10000, now() - interval '1 hour', now())`);
    await db.execute(sql`
      insert into saved_cards (id, organisation_id, booking_id, processor_token, cardholder_name, bin, card_brand, last_four,
                               expiry_month, expiry_year, issuing_country, funding, card_class, created_at)
      select ${id('card')}, t.organisation_id, t.booking_id, t.processor_token, 'Member ' || n, t.bin, t.card_brand, t.last_four,
             t.expiry_month, t.expiry_year, t.issuing_country, t.funding, t.card_class, now()
      from saved_cards t cross join generate_series(1, ${members}::int) as n where t.id = ${template.id}::uuid`);
    await db.execute(sql`
      insert into group_members (id, group_id, position, customer_name, email, amount, auto_collect, saved_card_id, created_at, updated_at)
      select ${id('member')}, md5('group')::uuid, n, 'Member ' || n, 'member' || n || '@bench.travel-pay.test', ${amount}, true, ${id('card')}, now(), now()
      from generate_series(1, ${members}::int) as n`);
    await db.execute(sql`
      insert into payment_links (id, organisation_id, booking_id, user_id, customer_name, email, amount, currency, options, expires_at,
                                 group_member_id, instalment_sequence, due_at, created_at, updated_at)
      select ${id('link')}, ${organisation}, ${booking!.id}::uuid, ${user.id}::uuid, 'Member ' || n, 'member' || n || '@bench.travel-pay.test',
             ${amount}, 'GBX', ${options}::jsonb, now() + interval '30 days', ${id('member')}, null, now() - interval '1 hour', now(), now()
      from generate_series(1, ${members}::int) as n`);
    await db.execute(sql`
      insert into scheduled_payments (id, organisation_id, booking_id, saved_card_id, user_id, payment_link_id, amount, currency, status,
                                      authorisation_only, attempts, execute_after, created_at, updated_at)
      select gen_random_uuid(), ${organisation}, ${booking!.id}::uuid, ${id('card')}, ${user.id}::uuid, ${id('link')}, ${amount}, 'GBX', 'QUEUED',
             false, 0, now() - interval '1 hour', now(), now()
      from generate_series(1, ${members}::int) as n`);
    await db.execute(sql`analyze`);
    const [count] = await queryRows<{ n: number | string }>(
      db,
      sql`
      select count(*) as n from scheduled_payments s join payment_links l on l.id = s.payment_link_id join group_members m on m.id = l.group_member_id
      where s.status = 'QUEUED' and s.execute_after <= now() and m.auto_collect and m.saved_card_id = s.saved_card_id`,
    );
    if (Number(count?.n) !== members) throw new Error(`seeding made ${JSON.stringify(count)} due group collections`);
    return members;
  } finally {
    await database.close();
  }
}
