import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { cards, createLinkVia } from '../support/payments';
import { signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * A virtual terminal order is stored as a checkout of kind `terminal` (docs/dashboard-terminal.md), but it is no
 * payment link: a travel company's developer never meets one through the payment links API (list, get, send, QR,
 * assign, delete) nor in a booking's `payment_links`; the payment taken with it is a transaction like any other.
 */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);

const { openTerminalOrderAction, payTerminalOrderAction } =
  await import('@/app/[locale]/dashboard/(signed-in)/terminal/actions');

withTestDatabase();

describe('a terminal order through the API', () => {
  it('is no payment link anywhere in the API, while its payment is a transaction as usual', async () => {
    const db = await getDb();
    const tenant = await createTenant('Terminal API');
    const token = tenant.admin.token;
    const bookingId = await createBookingVia(token, tenant.parentId);
    const link = await createLinkVia(token, tenant.parentId, { booking_id: bookingId, amount: 3000 });
    const staff = await staffUser(db, allRoles, [tenant.parentId]);
    dashboardRequest(await sealStaffSession(db, await signInByEmail(db, staff.email)));
    const opened = await endOf(
      openTerminalOrderAction(formOf({ locale: 'en-GB', booking: bookingId, amount: '40', currency: 'GBX' })),
    );
    const order = opened.split('/').pop()!;
    const paid = await endOf(
      payTerminalOrderAction(
        formOf({ locale: 'en-GB', order, number: cards.visa, expiry: '12/34', cvc: '123', name: 'Jane Traveller' }),
      ),
    );
    expect(paid).toBe(`/dashboard/terminal/${order}`);
    const [payment] = await db.select().from(transactions).where(eq(transactions.paymentLinkId, order));
    expect(payment).toMatchObject({ status: 'COMPLETE', method: 'MOTO_OTHER' });

    // The list: the organisation's one payment link, not the order (nor with the booking's reference as keyword).
    const list = await api.post('/agent/payment-links', { organisation: tenant.parentId }, { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((l: { id: string }) => l.id)).toEqual([link]);
    expect(list.body.meta.count).toBe(1);
    // Each operation on one payment link answers for the order as for an id that is none.
    const notFound = [
      await api.get(`/agent/payment-links/${order}`, { token }),
      await api.get(`/agent/payment-links/${order}/qr.svg`, { token }),
      await api.post(`/agent/payment-links/${order}/send`, {}, { token }),
      await api.post(`/agent/payment-links/${order}/assign`, { booking_id: bookingId }, { token }),
      await api.delete(`/agent/payment-links/${order}`, { token }),
      await api.get(`/agent/ecommerce/${order}`, { token }),
    ];
    expect(notFound.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(notFound[0]!.body.errors[0].code).toBe('resource.not_found');
    // The booking's links are its payment links only; its payments include the phone payment.
    const booking = (await api.get(`/agent/bookings/${bookingId}`, { token })).body.data;
    expect(booking.payment_links.map((l: { id: string }) => l.id)).toEqual([link]);
    expect(booking.transactions.map((t: { id: string }) => t.id)).toContain(payment!.id);
    // The payment itself: visible as usual, naming the checkout it was taken through as every payment does.
    const fetched = await api.get(`/agent/transactions/${payment!.id}`, { token });
    expect(fetched.status).toBe(200);
    expect(fetched.body.data).toMatchObject({ id: payment!.id, method: 'MOTO_OTHER', booking_id: bookingId });
    const listed = await api.post('/agent/transactions', { organisation: tenant.parentId }, { token });
    expect(listed.body.data.map((t: { id: string }) => t.id)).toContain(payment!.id);
  });
});
