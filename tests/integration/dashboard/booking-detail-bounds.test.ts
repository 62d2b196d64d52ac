import { describe, expect, it } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { getBookingDetail } from '@/lib/core/bookings/booking-detail/booking-detail';
import { DETAIL_BOUNDS } from '@/lib/core/bookings/booking-detail/detail-bounds';
import { getDb } from '@/lib/db/client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { actorFor } from '../support/races';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const N = 25;
const LINKS = N + 3;

/** A booking with more links, payments and audit records than its page shows, each a second apart (newest last). */
async function busyBooking() {
  const { admin, parentId } = await createTenant();
  const bookingId = await createBookingVia(admin.token, parentId);
  const links: string[] = [];
  const payments: string[] = [];
  try {
    for (let i = 0; i < LINKS; i++) {
      setClockOffset(i * 2000);
      const link = await createLinkVia(admin.token, parentId, { booking_id: bookingId, amount: 1000 + i });
      links.push(link);
      if (i === LINKS - 1) continue; // one link left unpaid: the two lists' totals differ
      setClockOffset(i * 2000 + 1000);
      const outcome = (await pay(link)) as { outcome: string; transactionId: string };
      expect(outcome.outcome).toBe('paid');
      payments.push(outcome.transactionId);
    }
  } finally {
    setClockOffset(0);
  }
  const db = await getDb();
  return { detail: await getBookingDetail(db, await actorFor(db, admin.apiKeyId), bookingId), links, payments };
}

describe('a busy booking’s page: each list bounded in SQL, with its total', () => {
  it('answers the newest 25 of each list, newest first, and how many there are in all', async () => {
    expect(DETAIL_BOUNDS.transactions).toBe(N);
    const { detail, links, payments } = await busyBooking();

    expect(detail.payment_links.items.map((l) => l.id)).toEqual(links.slice(-N).reverse());
    expect(detail.payment_links).toMatchObject({ more: true, total: LINKS });

    expect(detail.transactions.items.map((t) => t.id)).toEqual(payments.slice(-N).reverse());
    expect(detail.transactions).toMatchObject({ more: true, total: LINKS - 1 });

    // Every link and payment left an audit record: far more than shown, newest first.
    expect(detail.audit.items).toHaveLength(N);
    expect(detail.audit.more).toBe(true);
    expect(detail.audit.total).toBeGreaterThan(LINKS + payments.length);
    const times = detail.audit.items.map((a) => Date.parse(a.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Lists within their bound are whole, and say so.
    expect(detail.ecommerce_sessions).toEqual({ items: [], more: false, total: 0 });
    expect(detail.refunds).toEqual({ items: [], more: false, total: 0 });
  }, 180_000); // 28 links and 27 payments through the API: seconds alone, a minute on a loaded machine
});
