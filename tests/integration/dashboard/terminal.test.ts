import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { hostedCardCheck } from '@/lib/core/hosted-checkout/hosted-card-check';
import { loadHostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { payByCard } from '@/lib/core/payments/pay-by-card';
import { findTerminalOrder } from '@/lib/core/terminal/terminal-order';
import { terminalCardCheck } from '@/lib/core/terminal/pay-terminal-order';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { getDb } from '@/lib/db/client';
import { bookings, organisations, paymentLinks, transactions } from '@/lib/db/schema';
import { createBookingVia, createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { card, cards, createLinkVia } from '../support/payments';
import { actorFor } from '../support/races';
import { auditTypesOf, signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * The virtual terminal's server path (issue 18 item 4, product.md section 11), as the back office posts it: a
 * MOTO order opened for a booking, the card taken with the checkout's own card rules, recorded with the method
 * staff chose; roles and organisations enforced as the API does; the order never reachable from a customer's page.
 */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);

const { openTerminalOrderAction, payTerminalOrderAction } =
  await import('@/app/[locale]/dashboard/(signed-in)/terminal/actions');

withTestDatabase();

async function signedIn(email: string) {
  const db = await getDb();
  dashboardRequest(await sealStaffSession(db, await signInByEmail(db, email)));
}

/** A tenant, a member of staff with `roles` in its parent organisation, signed in, and a booking there. */
async function terminalSetup(roles: readonly (typeof allRoles)[number][] = allRoles) {
  const db = await getDb();
  const tenant = await createTenant('Terminal');
  const staff = await staffUser(db, roles, [tenant.parentId]);
  const bookingId = await createBookingVia(tenant.admin.token, tenant.parentId);
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  await signedIn(staff.email);
  return { db, tenant, staff, bookingId, reference: booking!.bookingReference };
}

const orderPath = /^\/dashboard\/terminal\/([0-9a-f-]{36})$/;

async function openOrder(fields: Record<string, string>): Promise<string> {
  const end = await endOf(openTerminalOrderAction(formOf({ locale: 'en-GB', currency: 'GBX', ...fields })));
  expect(end).toMatch(orderPath);
  return orderPath.exec(end)![1]!;
}

const cardFields = (number: string) => ({ number, expiry: '12/34', cvc: '123', name: 'Jane Traveller' });
const payOrder = (order: string, number: string, extra: Record<string, string> = {}) =>
  endOf(payTerminalOrderAction(formOf({ locale: 'en-GB', order, ...cardFields(number), ...extra })));

async function attemptsOn(order: string) {
  return (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, order));
}

describe('the virtual terminal', () => {
  it('takes a phone payment for a booking named by reference: MOTO_OTHER, no 3-D Secure even for the 3DS card, audited', async () => {
    const { db, staff, bookingId, reference } = await terminalSetup();
    const order = await openOrder({ booking: reference.toLowerCase(), amount: '125.50' });
    expect(await payOrder(order, cards.visa3ds)).toBe(`/dashboard/terminal/${order}`);
    const [taken] = await attemptsOn(order);
    expect(taken).toMatchObject({ status: 'COMPLETE', method: 'MOTO_OTHER', amount: 12550, bookingId, stage: null });
    // Taken now, so the order cannot be paid twice.
    expect(await payOrder(order, cards.visa)).toBe(`/dashboard/terminal/${order}?error=checkout.already_paid`);
    expect(await attemptsOn(order)).toHaveLength(1);
    // Who did it: the member of staff, for the order and for the payment.
    expect(await auditTypesOf(db, staff.id)).toEqual(expect.arrayContaining(['terminal:open', 'transaction:payment']));
  });

  it('is no customer checkout: the hosted pages, their card check and their payment all answer as for no link', async () => {
    const { db, bookingId } = await terminalSetup();
    const order = await openOrder({ booking: bookingId, amount: '50' });
    expect(await loadHostedCheckout(db, order, 'payment_link')).toBeNull();
    expect(await loadHostedCheckout(db, order, 'ecommerce')).toBeNull();
    expect(await hostedCardCheck(order, { kind: 'bin', bin: '41111111', lastFour: '1111' })).toEqual({
      status: 'unavailable',
    });
    await expect(
      payByCard(db, { checkoutId: order, method: card(cards.visa), returnUrl: 'http://localhost/r' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      payByCard(db, {
        checkoutId: order,
        method: card(cards.visa),
        returnUrl: 'http://localhost/r',
        transactionMethod: 'MOTO_IN_PERSON',
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect(await attemptsOn(order)).toEqual([]);
  });

  it('records MOTO_IN_PERSON only when staff choose it and the organisation allows it; the card form cannot change it', async () => {
    const { db, tenant, bookingId } = await terminalSetup();
    const inPerson = await openOrder({ booking: bookingId, amount: '20.00', method: 'MOTO_IN_PERSON' });
    expect(await payOrder(inPerson, cards.visa)).toBe(`/dashboard/terminal/${inPerson}`);
    expect((await attemptsOn(inPerson))[0]).toMatchObject({ status: 'COMPLETE', method: 'MOTO_IN_PERSON' });
    // A method posted with the card is not read: the order's own, chosen when it was opened, is recorded.
    const other = await openOrder({ booking: bookingId, amount: '20.00' });
    await payOrder(other, cards.visa, { method: 'MOTO_IN_PERSON', transactionMethod: 'MOTO_IN_PERSON' });
    expect((await attemptsOn(other))[0]).toMatchObject({ status: 'COMPLETE', method: 'MOTO_OTHER' });
    // An organisation whose payment_methods lack MOTO_IN_PERSON: refused, nothing opened.
    await db
      .update(organisations)
      .set({ paymentMethods: ['ONLINE', 'MOTO_OTHER'] })
      .where(eq(organisations.id, tenant.parentId));
    const before = await db.select().from(paymentLinks).where(eq(paymentLinks.kind, 'terminal'));
    expect(
      await endOf(
        openTerminalOrderAction(
          formOf({ locale: 'en-GB', booking: bookingId, amount: '5', currency: 'GBX', method: 'MOTO_IN_PERSON' }),
        ),
      ),
    ).toBe('/dashboard/terminal?error=validation.failed');
    expect(await db.select().from(paymentLinks).where(eq(paymentLinks.kind, 'terminal'))).toHaveLength(before.length);
  });

  it('needs booking-and-payment:create:payment (403) and answers another organisation’s booking or order 404', async () => {
    const { db, tenant, bookingId } = await terminalSetup();
    const order = await openOrder({ booking: bookingId, amount: '10' });
    // Without the role: refused before anything is read or written.
    const clerk = await staffUser(db, ['booking-and-payment:create:booking'], [tenant.parentId]);
    await signedIn(clerk.email);
    expect(
      await endOf(
        openTerminalOrderAction(formOf({ locale: 'en-GB', booking: bookingId, amount: '10', currency: 'GBX' })),
      ),
    ).toBe('403');
    expect(await payOrder(order, cards.visa)).toBe('403');
    dashboardRequest(undefined);
    expect(await payOrder(order, cards.visa)).toBe('403');
    expect(await attemptsOn(order)).toEqual([]);
    // Another organisation's staff: its booking (by id or by reference) and its order are 404, as in the API.
    const other = await createTenant('Elsewhere');
    const stranger = await staffUser(db, allRoles, [other.parentId]);
    await signedIn(stranger.email);
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    for (const named of [bookingId, booking!.bookingReference])
      expect(
        await endOf(
          openTerminalOrderAction(formOf({ locale: 'en-GB', booking: named, amount: '10', currency: 'GBX' })),
        ),
      ).toBe('404');
    expect(await payOrder(order, cards.visa)).toBe('404');
    expect(await attemptsOn(order)).toEqual([]);
    // A payment link's id is no terminal order, even in the actor's own organisation.
    const link = await createLinkVia(tenant.admin.token, tenant.parentId);
    await expect(findTerminalOrder(db, await actorFor(db, tenant.admin.apiKeyId), link)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('applies the checkout’s card rules: the surcharge asked then taken, declines with their reason, the card-testing pause', async () => {
    const { db, tenant, bookingId } = await terminalSetup();
    const actor = await actorFor(db, tenant.admin.apiKeyId);
    const order = await openOrder({ booking: bookingId, amount: '100.01' });
    // The card check the terminal's fields ask: a commercial card's surcharge, as the hosted checkout quotes it.
    expect(
      await terminalCardCheck(db, actor, order, { kind: 'bin', bin: '52008300', lastFour: '0007' }, null),
    ).toMatchObject({
      status: 'accepted',
      total: 10151,
      surcharge: { amount: 150, class: 'commercial' },
    });
    expect(await payOrder(order, cards.mastercardCommercial)).toBe(`/dashboard/terminal/${order}?surcharge=150`);
    expect(await attemptsOn(order)).toEqual([]);
    expect(await payOrder(order, cards.mastercardCommercial, { acceptedSurcharge: '150' })).toBe(
      `/dashboard/terminal/${order}`,
    );
    expect((await attemptsOn(order))[0]).toMatchObject({
      status: 'COMPLETE',
      amount: 10151,
      surcharge: 150,
      method: 'MOTO_OTHER',
    });

    // Declines are recorded with the issuer's reason; after five failures the order is paused, never sent on.
    const declined = await openOrder({ booking: bookingId, amount: '30' });
    expect(await payOrder(declined, cards.declined)).toBe(`/dashboard/terminal/${declined}`);
    expect((await attemptsOn(declined))[0]).toMatchObject({
      status: 'DECLINED',
      failureReason: 'declined',
      method: 'MOTO_OTHER',
    });
    for (const number of [cards.insufficientFunds, cards.declined, cards.declined, cards.declined])
      await payOrder(declined, number);
    await payOrder(declined, cards.visa);
    const paused = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.paymentLinkId, declined), eq(transactions.failureReason, 'card_testing')));
    expect(paused).toEqual([expect.objectContaining({ status: 'REJECTED', method: 'MOTO_OTHER' })]);
    expect((await attemptsOn(declined)).filter((t) => t.status === 'COMPLETE')).toEqual([]);
  });

  it('refuses an amount it would have to round and a card the checkout would refuse, as form errors', async () => {
    const { db, tenant, bookingId } = await terminalSetup();
    for (const amount of ['1.234', '-5', '0', 'ten'])
      expect(
        await endOf(openTerminalOrderAction(formOf({ locale: 'en-GB', booking: bookingId, amount, currency: 'GBX' }))),
      ).toBe('/dashboard/terminal?error=validation.failed');
    const order = await openOrder({ booking: bookingId, amount: '12,5' });
    expect(await findTerminalOrder(db, await actorFor(db, tenant.admin.apiKeyId), order)).toMatchObject({
      amount: 1250,
    });
    expect(await payOrder(order, '4111 1111 1111 1112')).toBe(
      `/dashboard/terminal/${order}?error=terminal.card_invalid`,
    );
    expect(await attemptsOn(order)).toEqual([]);
  });
});
