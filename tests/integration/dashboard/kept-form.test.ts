import { describe, expect, it, vi } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { getDb } from '@/lib/db/client';
import { KEPT_FORM_COOKIE } from '@/lib/http/kept-form';
import { createTenant } from '../support/fixtures';
import { cookieSet, dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * A refused back-office form keeps what was typed for the page it returns to (lib/http/kept-form.ts, through
 * dashboardAction), without secrets; and a refusal for want of a role is 403 with or without JavaScript
 * (lib/http/dashboard-refusal.ts): a plain form post goes to the refusal page, whose GET is the 403.
 */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);

const bookings = await import('@/app/[locale]/dashboard/(signed-in)/bookings/actions');
const groups = await import('@/app/[locale]/dashboard/(signed-in)/groups/actions');
const settings = await import('@/app/[locale]/dashboard/(signed-in)/settings/actions');
const users = await import('@/app/[locale]/dashboard/(signed-in)/users/actions');
const terminal = await import('@/app/[locale]/dashboard/(signed-in)/terminal/actions');
const scheduled = await import('@/app/[locale]/dashboard/(signed-in)/scheduled-payments/actions');
const { keptForm } = await import('@/lib/http/kept-form-read');

withTestDatabase();

async function signedIn(email: string, options: { form?: boolean } = {}) {
  const db = await getDb();
  dashboardRequest(await sealStaffSession(db, await signInByEmail(db, email)), options);
}

describe('a refused form keeps what was typed', () => {
  it('gives a refused booking back to its own form while the page shows the refusal, and spends it', async () => {
    const db = await getDb();
    const tenant = await createTenant('Kept');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    await signedIn(admin.email);
    const typed = {
      locale: 'en-GB',
      booking_reference: 'KEPT-1',
      customer_name: 'Ann Payer',
      email: 'not-an-email',
      currency: 'EUX',
      gross_amount: '120.50',
      package_type: 'FLIGHT_ONLY',
      departure_date: '',
      return_date: '',
    };
    // The address carries the code only, as before.
    expect(await endOf(bookings.createBookingAction(formOf(typed)))).toBe(
      '/dashboard/bookings/new?error=validation.failed',
    );
    const kept = await keptForm({ error: 'validation.failed' }, 'create-booking');
    expect(kept.active).toBe(true);
    expect(
      ['booking_reference', 'customer_name', 'email', 'currency', 'gross_amount'].map((n) => kept.text(n)),
    ).toEqual(['KEPT-1', 'Ann Payer', 'not-an-email', 'EUX', '120.50']);
    // The locale is the page's, not a value to give back; a field the form did not post falls back to the page's.
    expect(kept.text('locale', 'x')).toBe('x');
    expect(kept.text('atol_receipt_number', 'A1')).toBe('A1');
    expect(kept.text('departure_date', '2027-01-01')).toBe('');
    // Only that form, only while the address shows that refusal.
    expect((await keptForm({ error: 'validation.failed' }, 'edit-booking')).active).toBe(false);
    expect((await keptForm({}, 'create-booking')).active).toBe(false);
    expect((await keptForm({ error: 'booking.other' }, 'create-booking')).active).toBe(false);
    // The next post spends it: a booking created, the values are gone.
    expect(await endOf(bookings.createBookingAction(formOf({ ...typed, email: 'ann@example.com' })))).toMatch(
      /^\/dashboard\/bookings\/[0-9a-f-]{36}\?result=created$/,
    );
    expect(cookieSet(KEPT_FORM_COOKIE)).toBeUndefined();
    expect((await keptForm({ error: 'validation.failed' }, 'create-booking')).active).toBe(false);
  });

  it("keeps a group's rows in place, a settings group's ticks, and a core refusal's input", async () => {
    const db = await getDb();
    const tenant = await createTenant('Rows');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    await signedIn(admin.email);
    await endOf(
      groups.createGroupAction(
        formOf({
          locale: 'en-GB',
          lead_name: 'Lea Leader',
          lead_email: 'bad',
          member_name: ['', 'Bo Member', ''],
          member_email: ['', 'bo@example.com', ''],
          member_amount: ['', '10', ''],
          members_locked: 'on',
        }),
      ),
    );
    const group = await keptForm({ error: 'validation.failed' }, 'create-group');
    expect([group.nth('member_name', 1), group.nth('member_email', 1), group.nth('member_name', 0)]).toEqual([
      'Bo Member',
      'bo@example.com',
      '',
    ]);
    // A box left unticked in the refused form stays unticked, whatever the page's default.
    expect([group.checked('members_locked', false), group.checked('card_enabled', true)]).toEqual([true, false]);

    await endOf(
      settings.savePaymentsAction(
        formOf({ locale: 'en-GB', commercial_rate_bps: '-5', international_rate_bps: '20', dcc_enabled: 'on' }),
      ),
    );
    const payments = await keptForm({ error: 'validation.failed' }, 'settings-payments');
    expect([payments.text('commercial_rate_bps'), payments.checked('dcc_enabled', false)]).toEqual(['-5', true]);
    expect((await keptForm({ error: 'validation.failed' }, 'settings-identity')).active).toBe(false);

    // A refusal from the core (an address that is already a user's): the form without a name of its own.
    const end = await endOf(users.inviteUserAction(formOf({ locale: 'en-GB', email: admin.email, name: 'Twice' })));
    expect(end).toBe('/dashboard/users?error=user.email_taken');
    expect((await keptForm({ error: 'user.email_taken' }, 'invite-user')).text('name')).toBe('Twice');
  });

  it('gives the users, scheduled payments and terminal pages their own refused forms back, by the names they read', async () => {
    const db = await getDb();
    const tenant = await createTenant('Pages');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    await signedIn(admin.email);

    // Users: the invite and a user's role change both return to /users, each to its own form.
    const invite = { locale: 'en-GB', name: 'Twice', email: admin.email, roles: ['users:manage', 'chargebacks:view'] };
    expect(await endOf(users.inviteUserAction(formOf(invite)))).toBe('/dashboard/users?error=user.email_taken');
    const invited = await keptForm({ error: 'user.email_taken' }, 'invite-user');
    expect([invited.text('name'), invited.text('email')]).toEqual(['Twice', admin.email]);
    expect(
      ['users:manage', 'chargebacks:view', 'organisation:audit'].map((r) => invited.checked('roles', false, r)),
    ).toEqual([true, true, false]);
    expect((await keptForm({ error: 'user.email_taken' }, 'user-roles')).active).toBe(false);
    const change = { locale: 'en-GB', user: admin.id, roles: ['chargebacks:view', 'no-such-role'] };
    expect(await endOf(users.changeRolesAction(formOf(change)))).toBe('/dashboard/users?error=validation.failed');
    const changed = await keptForm({ error: 'validation.failed' }, 'user-roles');
    expect([changed.text('user'), changed.checked('roles', false, 'chargebacks:view')]).toEqual([admin.id, true]);
    expect((await keptForm({ error: 'validation.failed' }, 'invite-user')).active).toBe(false);

    // Scheduled payments: the charge form, with the booking's reference (to find it again) and the chosen card.
    const bookingId = crypto.randomUUID();
    const card = crypto.randomUUID();
    const charge = {
      locale: 'en-GB',
      booking: bookingId,
      reference: 'KEPT-REF',
      key: crypto.randomUUID(),
      card,
      amount: 'twelve',
      date: '2099-01-02',
      authorisation_only: 'on',
    };
    expect(await endOf(scheduled.chargeSavedCardAction(formOf(charge)))).toBe(
      '/dashboard/scheduled-payments?error=validation.failed',
    );
    const charged = await keptForm({ error: 'validation.failed' }, 'charge-saved-card');
    expect([charged.text('reference'), charged.text('amount'), charged.text('date')]).toEqual([
      'KEPT-REF',
      'twelve',
      '2099-01-02',
    ]);
    expect([charged.checked('card', false, card), charged.checked('authorisation_only', false)]).toEqual([true, true]);

    // The terminal's order form (never its card form): the booking, amount, currency and method as typed.
    const order = { locale: 'en-GB', booking: 'PHONE-1', amount: 'lots', currency: 'EUX', method: 'MOTO_IN_PERSON' };
    expect(await endOf(terminal.openTerminalOrderAction(formOf(order)))).toBe(
      '/dashboard/terminal?error=validation.failed',
    );
    const opened = await keptForm({ error: 'validation.failed' }, 'terminal-order');
    expect(['booking', 'amount', 'currency'].map((n) => opened.text(n))).toEqual(['PHONE-1', 'lots', 'EUX']);
    expect([opened.checked('method', true, 'MOTO_OTHER'), opened.checked('method', false, 'MOTO_IN_PERSON')]).toEqual([
      false,
      true,
    ]);
  });

  it('never keeps card data, passwords, keys or Next.js fields, and keeps nothing of the terminal card form', async () => {
    const { keepableValues } = await import('@/lib/http/kept-form');
    const form = formOf({
      locale: 'en-GB',
      name: 'Card Holder',
      number: '4111111111111111',
      cvc: '737',
      expiry: '03/30',
      encryptedCardNumber: 'adyenjs_x',
      password: 'hunter2',
      api_key: 'sk_x',
      private_key: 'pk',
      $ACTION_ID_abc: '',
      notes: 'kept',
    });
    expect(keepableValues(form)).toEqual({ name: 'Card Holder', notes: 'kept' });
    expect(keepableValues(form, ['notes'])).toEqual({ name: 'Card Holder' });

    const db = await getDb();
    const tenant = await createTenant('Card');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    await signedIn(admin.email);
    // An order id that is not one: refused by zod, and not a field of it kept.
    await endOf(terminal.payTerminalOrderAction(formOf({ locale: 'en-GB', order: 'x', name: 'Card Holder' })));
    expect(cookieSet(KEPT_FORM_COOKIE)).toBeUndefined();
  });
});

describe('a refusal for want of a role', () => {
  it('is 403 with JavaScript, and the 403 refusal page for a plain form post, with or without a session', async () => {
    const db = await getDb();
    const tenant = await createTenant('Refused');
    const agent = await staffUser(db, ['booking-and-payment:create:payment'], [tenant.parentId]);
    const fields = formOf({ locale: 'de', name: 'Renamed', country: 'GB' });
    await signedIn(agent.email);
    expect(await endOf(settings.saveIdentityAction(fields))).toBe('403');
    await signedIn(agent.email, { form: true });
    expect(await endOf(settings.saveIdentityAction(fields))).toBe('/de/dashboard/refused');
    dashboardRequest(undefined, { form: true });
    expect(await endOf(settings.saveIdentityAction(fields))).toBe('/de/dashboard/refused');
    // A refusal keeps nothing.
    expect(cookieSet(KEPT_FORM_COOKIE)).toBeUndefined();
  });
});
