import { sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/types';
import { APPROVED_VISA } from './payments';

/**
 * Money on the seeded bookings, in bulk (one insert … select per kind, both organisations): one payment
 * per booking a minute after it (every 20th DECLINED, every 200th left unsettled), a refund awaiting
 * authorisation on every 100th completed payment, and a failed scheduled payment on every 500th booking.
 * So at 100 000 bookings the overview reads ~95 000 completed payments (about 2 000 of them this week),
 * 500 unsettled payments, ~950 refunds awaiting authorisation and 200 failed collections.
 */
export async function seedDashboardMoney(db: Db): Promise<void> {
  await db.execute(sql`
    insert into transactions (id, organisation_id, booking_id, amount, currency, status, stage, method, type,
                              authorised_at, completed_at, created_at, updated_at)
    select gen_random_uuid(), organisation_id, id, gross_amount, 'GBX', status, case when status = 'PAYMENTINPROGRESS' then 'unsettled' end,
           'ONLINE', 'CARD', case when status = 'COMPLETE' then paid_at end, case when status = 'COMPLETE' then paid_at end,
           created_at, paid_at
    from (select b.*, b.created_at + interval '1 minute' as paid_at,
                 case when n % 200 = 0 then 'PAYMENTINPROGRESS' when n % 20 = 0 then 'DECLINED' else 'COMPLETE' end as status
          from (select *, row_number() over (partition by organisation_id order by created_at) as n from bookings) b) x`);
  await db.execute(sql`
    insert into refunds (id, organisation_id, transaction_id, amount, currency, status, authorization_code, created_at, updated_at)
    select gen_random_uuid(), organisation_id, id, 1000, currency, 'PENDING_AUTHORISATION', 'bench-' || id, completed_at, completed_at
    from (select t.*, row_number() over (partition by organisation_id order by created_at) as n
          from transactions t where status = 'COMPLETE') t
    where n % 100 = 1`);
  await db.execute(sql`
    insert into scheduled_payments (id, organisation_id, booking_id, amount, currency, status, failure_reason, execute_after,
                                    created_at, updated_at)
    select gen_random_uuid(), organisation_id, id, 2500, 'GBX', 'FAILED', 'insufficient_funds', created_at + interval '1 day', created_at,
           created_at + interval '1 day'
    from (select *, row_number() over (partition by organisation_id order by created_at) as n from bookings) b
    where n % 500 = 3`);
}

/**
 * A booking with something of every kind, through the service layer: a paid link (two events, an
 * authorisation notification), a second link, a refund requested, an ecommerce session, a credit note.
 */
export async function busyBooking(db: Db, actor: Actor, organisation: string, bookingId: string): Promise<void> {
  const { paymentLinksResource } = await import('@/lib/core/payment-links/payment-links');
  const { ecommerceResource } = await import('@/lib/core/ecommerce/ecommerce');
  const { payByCard } = await import('@/lib/core/payments/pay-by-card');
  const { requestRefund } = await import('@/lib/core/refunds/refunds');
  const { issueCreditNote } = await import('@/lib/core/credit-notes/credit-notes');
  const linkInput = (amount: number) =>
    paymentLinksResource.createSchema.parse({
      organisation,
      booking_id: bookingId,
      customer_name: 'Busy Customer',
      email: 'busy@bench.travel-pay.test',
      amount,
      currency: 'GBX',
    });
  const paid = await paymentLinksResource.create(db, actor, linkInput(50_000));
  await paymentLinksResource.create(db, actor, linkInput(25_000));
  const outcome = await payByCard(db, {
    checkoutId: paid.id,
    method: { ...APPROVED_VISA },
    returnUrl: 'http://127.0.0.1/bench/return',
    ipAddress: '10.9.9.9',
  });
  if (outcome.outcome !== 'paid') throw new Error(`busy booking: payment ${outcome.outcome}`);
  await requestRefund(db, actor, outcome.transactionId, 5_000);
  await ecommerceResource.create(
    db,
    actor,
    ecommerceResource.createSchema.parse({
      organisation,
      booking_id: bookingId,
      customer_name: 'Busy Customer',
      email: 'busy@bench.travel-pay.test',
      amount: 9_900,
    }),
  );
  await issueCreditNote(db, actor, { booking_id: bookingId, amount: 1_000 });
}
