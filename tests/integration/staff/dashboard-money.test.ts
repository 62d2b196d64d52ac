import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { roles as allRoles } from '@/lib/core/enums';
import { loadStaffActor } from '@/lib/core/staff/load-staff-actor';
import { listRefundsAwaiting, listRefundsAwaitingSchema } from '@/lib/core/refunds/refunds-awaiting';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { getDb } from '@/lib/db/client';
import { creditNotes, refunds, transactions } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { createLinkVia, pay } from '../support/payments';
import { signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * The back office's money actions (issue 18 slice dash-money) as a browser posts them: each goes through
 * dashboardAction to the core function its API operation calls, so the same roles, locks and refusals hold.
 */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);

const { refundAction, completeAction, reverseAction, reassignAction } =
  await import('@/app/[locale]/dashboard/(signed-in)/transactions/actions');
const { authoriseRefundAction, declineRefundAction } =
  await import('@/app/[locale]/dashboard/(signed-in)/refunds/actions');
const { issueCreditNoteAction } = await import('@/app/[locale]/dashboard/(signed-in)/credit-notes/actions');

withTestDatabase();
afterEach(() => setClockOffset(0));

async function signedIn(email: string) {
  const db = await getDb();
  const sessionId = await signInByEmail(db, email);
  dashboardRequest(await sealStaffSession(db, sessionId));
  return sessionId;
}

/** A paid (or, held, pre-authorised) payment of £100 on a new booking of the tenant's parent organisation. */
async function payment(token: string, organisation: string, { held = false } = {}) {
  const bookingId = await createBookingVia(token, organisation);
  const link = await createLinkVia(token, organisation, { booking_id: bookingId, authorisation_only: held });
  const outcome = (await pay(link)) as { outcome: string; transactionId: string };
  expect(outcome.outcome).toBe('paid');
  return { transactionId: outcome.transactionId, bookingId };
}

const refundsOf = async (transactionId: string) =>
  (await getDb()).select().from(refunds).where(eq(refunds.transactionId, transactionId));
const statusOf = async (id: string) =>
  (await (await getDb()).select().from(transactions).where(eq(transactions.id, id)))[0]!.status;

describe('the money actions of the back office', () => {
  it('refunds part of a payment (amount as typed), back on its page; a second user authorises it', async () => {
    const db = await getDb();
    const tenant = await createTenant('Money');
    await api.post(
      `/agent/organisations/${tenant.parentId}/settings`,
      { refunds_require_second_user: true },
      { token: tenant.admin.token },
    );
    const first = await staffUser(db, allRoles, [tenant.parentId]);
    const second = await staffUser(db, ['booking-and-payment:create:payment'], [tenant.parentId]);
    const { transactionId } = await payment(tenant.admin.token, tenant.parentId);

    const firstSession = await signedIn(first.email);
    expect(await endOf(refundAction(formOf({ locale: 'en-GB', transaction: transactionId, amount: '12,50' })))).toBe(
      `/dashboard/transactions/${transactionId}?result=refund-requested`,
    );
    const [refund] = await refundsOf(transactionId);
    expect(refund).toMatchObject({ amount: 1250, status: 'PENDING_AUTHORISATION', userId: first.id });

    // The queue says who may authorise it; the requester is refused by the core (403), the refund untouched.
    const firstActor = (await loadStaffActor(db, firstSession))!;
    const queue = listRefundsAwaitingSchema.parse({ organisation: tenant.parentId });
    const mine = await listRefundsAwaiting(db, firstActor, queue);
    expect(mine.items).toEqual([
      expect.objectContaining({
        id: refund!.id,
        second_user_required: true,
        authorisable_by_you: false,
        requested_by: expect.objectContaining({ id: first.id }),
      }),
    ]);
    expect(await endOf(authoriseRefundAction(formOf({ locale: 'en-GB', code: refund!.authorizationCode })))).toBe(
      '403',
    );
    expect((await refundsOf(transactionId))[0]!.status).toBe('PENDING_AUTHORISATION');

    const secondSession = await signedIn(second.email);
    const theirs = await listRefundsAwaiting(db, (await loadStaffActor(db, secondSession))!, queue);
    expect(theirs.items[0]).toMatchObject({ authorisable_by_you: true });
    expect(await endOf(authoriseRefundAction(formOf({ locale: 'de', code: refund!.authorizationCode })))).toBe(
      '/de/dashboard/refunds?result=completed',
    );
    expect((await refundsOf(transactionId))[0]).toMatchObject({ status: 'COMPLETE', authorisedByUserId: second.id });
    // Decided once: a second decision is the core's 409, worded on the page.
    expect(await endOf(declineRefundAction(formOf({ locale: 'en-GB', code: refund!.authorizationCode })))).toBe(
      '/dashboard/refunds?error=refund.not_pending',
    );
    expect((await listRefundsAwaiting(db, firstActor, queue)).items).toEqual([]);
  });

  it('refuses an amount it cannot read, and more than is left, without a refund', async () => {
    const tenant = await createTenant('Amounts');
    const admin = await staffUser(await getDb(), allRoles, [tenant.parentId]);
    const { transactionId } = await payment(tenant.admin.token, tenant.parentId);
    await signedIn(admin.email);
    const back = `/dashboard/transactions/${transactionId}`;
    expect(await endOf(refundAction(formOf({ locale: 'en-GB', transaction: transactionId, amount: '1,234.50' })))).toBe(
      `${back}?error=validation.failed`,
    );
    expect(await endOf(refundAction(formOf({ locale: 'en-GB', transaction: transactionId, amount: '100.01' })))).toBe(
      `${back}?error=refund.exceeds_refundable`,
    );
    // A transaction field that is not an id goes back to the list, never into the address as typed.
    expect(await endOf(refundAction(formOf({ locale: 'en-GB', transaction: '../users', amount: '1' })))).toBe(
      '/dashboard/transactions?error=validation.failed',
    );
    expect(await refundsOf(transactionId)).toEqual([]);
  });

  it('completes one pre-authorisation and reverses another', async () => {
    const tenant = await createTenant('Holds');
    const admin = await staffUser(await getDb(), allRoles, [tenant.parentId]);
    const taken = await payment(tenant.admin.token, tenant.parentId, { held: true });
    const released = await payment(tenant.admin.token, tenant.parentId, { held: true });
    expect(await statusOf(taken.transactionId)).toBe('PENDING');
    await signedIn(admin.email);
    expect(await endOf(completeAction(formOf({ locale: 'en-GB', transaction: taken.transactionId })))).toBe(
      `/dashboard/transactions/${taken.transactionId}?result=completed`,
    );
    expect(await endOf(reverseAction(formOf({ locale: 'en-GB', transaction: released.transactionId })))).toBe(
      `/dashboard/transactions/${released.transactionId}?result=reversed`,
    );
    expect([await statusOf(taken.transactionId), await statusOf(released.transactionId)]).toEqual([
      'COMPLETE',
      'REVERSED',
    ]);
    // Once done, neither can be done again: the core's 409, worded on the page.
    expect(await endOf(reverseAction(formOf({ locale: 'en-GB', transaction: taken.transactionId })))).toBe(
      `/dashboard/transactions/${taken.transactionId}?error=transaction.not_pending`,
    );
  });

  it('answers another organisation’s pre-authorisation and refund code 404, leaving them as they were', async () => {
    const db = await getDb();
    const tenant = await createTenant('Mine');
    const other = await createTenant('Theirs');
    await api.post(
      `/agent/organisations/${other.parentId}/settings`,
      { refunds_require_second_user: true },
      { token: other.admin.token },
    );
    const held = await payment(other.admin.token, other.parentId, { held: true });
    const paid = await payment(other.admin.token, other.parentId);
    // Their own member of staff asks for a refund, which waits for a second user of theirs.
    await signedIn((await staffUser(db, allRoles, [other.parentId])).email);
    await endOf(refundAction(formOf({ locale: 'en-GB', transaction: paid.transactionId, amount: '5' })));
    const [refund] = await refundsOf(paid.transactionId);
    expect(refund!.status).toBe('PENDING_AUTHORISATION');

    await signedIn((await staffUser(db, allRoles, [tenant.parentId])).email);
    for (const action of [completeAction, reverseAction])
      expect(await endOf(action(formOf({ locale: 'en-GB', transaction: held.transactionId })))).toBe('404');
    for (const action of [authoriseRefundAction, declineRefundAction])
      expect(await endOf(action(formOf({ locale: 'en-GB', code: refund!.authorizationCode })))).toBe('404');
    expect(await statusOf(held.transactionId)).toBe('PENDING');
    expect((await refundsOf(paid.transactionId))[0]!.status).toBe('PENDING_AUTHORISATION');
  });

  it('re-assigns by booking reference; refuses without the role (403) and another organisation’s ids (404)', async () => {
    const db = await getDb();
    const tenant = await createTenant('Moves');
    const other = await createTenant('Elsewhere');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const agent = await staffUser(
      db,
      ['booking-and-payment:create:booking', 'booking-and-payment:create:payment'],
      [tenant.parentId],
    );
    const { transactionId } = await payment(tenant.admin.token, tenant.parentId);
    const target = await createBookingVia(tenant.admin.token, tenant.parentId, { booking_reference: 'MOVE-HERE-1' });
    const foreignBooking = await createBookingVia(other.admin.token, other.parentId);
    const foreignPayment = await payment(other.admin.token, other.parentId);

    await signedIn(agent.email);
    expect(
      await endOf(reassignAction(formOf({ locale: 'en-GB', transaction: transactionId, booking: 'MOVE-HERE-1' }))),
    ).toBe('403');

    await signedIn(admin.email);
    const back = `/dashboard/transactions/${transactionId}`;
    expect(
      await endOf(reassignAction(formOf({ locale: 'en-GB', transaction: transactionId, booking: 'NO-SUCH-REF' }))),
    ).toBe(`${back}?error=validation.failed`);
    expect(
      await endOf(reassignAction(formOf({ locale: 'en-GB', transaction: transactionId, booking: foreignBooking }))),
    ).toBe('404');
    expect(
      await endOf(refundAction(formOf({ locale: 'en-GB', transaction: foreignPayment.transactionId, amount: '1.00' }))),
    ).toBe('404');
    expect(
      await endOf(reassignAction(formOf({ locale: 'en-GB', transaction: transactionId, booking: 'move-here-1' }))),
    ).toBe(`${back}?result=reassigned`);
    const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
    expect(row!.bookingId).toBe(target);
  });

  it('issues a credit note from a booking named by reference', async () => {
    const db = await getDb();
    const tenant = await createTenant('Credit');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const { bookingId } = await payment(tenant.admin.token, tenant.parentId);
    const booking = (await api.get(`/agent/bookings/${bookingId}`, { token: tenant.admin.token })).body.data;
    await signedIn(admin.email);
    expect(
      await endOf(
        issueCreditNoteAction(
          formOf({ locale: 'en-GB', booking: booking.booking_reference, amount: '30', description: 'Kept as credit' }),
        ),
      ),
    ).toBe('/dashboard/credit-notes?result=issued');
    expect(
      await endOf(issueCreditNoteAction(formOf({ locale: 'en-GB', booking: booking.booking_reference, amount: '71' }))),
    ).toBe('/dashboard/credit-notes?error=credit_note.exceeds_balance');
    const notes = await db.select().from(creditNotes).where(eq(creditNotes.bookingCreatedFromId, bookingId));
    expect(notes.map((note) => [note.amount, note.description])).toEqual([[3000, 'Kept as credit']]);
  });
});
