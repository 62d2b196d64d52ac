import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { bookings, paymentLinkGroups } from '@/lib/db/schema';
import { api, call } from '../support/api-client';
import { createBookingVia, createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';
import { createGroupVia, errorCode, getGroupVia, groupVia, inDays } from './group-support';

withTestDatabase();

const schedule = (...amounts: number[]) => amounts.map((amount, i) => ({ amount, due_at: inDays(10 + i * 10) }));
const field = (response: { body: { errors: { message: string }[] } }) => response.body.errors[0]!.message;

describe('PUT /agent/payment-link-groups: each validation rule', () => {
  it('requires organisation, lead_name, a valid lead_email, and named members with whole positive amounts', async () => {
    const { admin, parentId } = await createTenant();
    const refused = [
      { organisation: undefined },
      { lead_name: undefined },
      { lead_email: 'not-an-email' },
      { members: [{ amount: 100 }] },
      { members: [{ customer_name: 'Ann', amount: 0 }] },
      { members: [{ customer_name: 'Ann', amount: 10.5 }] },
      { members: [{ customer_name: 'Ann', amount: 100, email: 'nope' }] },
      { installments: [{ amount: 100 }] },
      { installments: [{ amount: 100, due_at: 'next tuesday' }] },
      { currency: 'JPY' },
    ];
    for (const overrides of refused) {
      const response = await createGroupVia(admin.token, parentId, overrides);
      expect(errorCode(response), JSON.stringify(overrides)).toEqual([422, expect.stringMatching(/^validation\./)]);
    }
  });

  it('takes at most 12 instalments', async () => {
    const { admin, parentId } = await createTenant();
    const twelve = Array.from({ length: 12 }, () => 100);
    expect(
      (
        await createGroupVia(admin.token, parentId, {
          members: [{ customer_name: 'A', amount: 1200 }],
          installments: schedule(...twelve),
        })
      ).status,
    ).toBe(200);
    const thirteen = await createGroupVia(admin.token, parentId, {
      members: [{ customer_name: 'A', amount: 1300 }],
      installments: schedule(...twelve, 100),
    });
    expect(errorCode(thirteen)).toEqual([422, 'validation.too_big']);
    expect(field(thirteen)).toMatch(/installments/);
  });

  it('refuses due dates that are not strictly ascending, or not in the future', async () => {
    const { admin, parentId } = await createTenant();
    const members = [{ customer_name: 'A', amount: 300 }];
    const descending = [
      { amount: 100, due_at: inDays(20) },
      { amount: 200, due_at: inDays(10) },
    ];
    expect(errorCode(await createGroupVia(admin.token, parentId, { members, installments: descending }))).toEqual([
      422,
      'group.due_dates_not_ascending',
    ]);
    const same = [
      { amount: 100, due_at: inDays(10) },
      { amount: 200, due_at: inDays(10) },
    ];
    expect(errorCode(await createGroupVia(admin.token, parentId, { members, installments: same }))).toEqual([
      422,
      'group.due_dates_not_ascending',
    ]);
    const past = [
      { amount: 100, due_at: inDays(-1) },
      { amount: 200, due_at: inDays(10) },
    ];
    expect(errorCode(await createGroupVia(admin.token, parentId, { members, installments: past }))).toEqual([
      422,
      'group.due_date_past',
    ]);
    const today = [{ amount: 300, due_at: inDays(0) }];
    expect(errorCode(await createGroupVia(admin.token, parentId, { members, installments: today }))).toEqual([
      422,
      'group.due_date_past',
    ]);
  });

  it('makes the schedule sum to the share when every member owes the same, and scales it otherwise', async () => {
    const { admin, parentId } = await createTenant();
    const equal = [
      { customer_name: 'A', amount: 300 },
      { customer_name: 'B', amount: 300 },
    ];
    const mismatch = await createGroupVia(admin.token, parentId, { members: equal, installments: schedule(100, 100) });
    expect(errorCode(mismatch)).toEqual([422, 'group.schedule_sum_mismatch']);
    const single = await createGroupVia(admin.token, parentId, {
      members: [{ customer_name: 'A', amount: 300 }],
      installments: schedule(100, 100),
    });
    expect(errorCode(single)).toEqual([422, 'group.schedule_sum_mismatch']);
    const unequal = await groupVia(admin.token, parentId, {
      members: [
        { customer_name: 'A', amount: 300 },
        { customer_name: 'B', amount: 150 },
      ],
      installments: schedule(100, 100),
    });
    expect(unequal.members[1].payment_links.map((l: { amount: number }) => l.amount)).toEqual([75, 75]);
    // With no members the schedule is taken as given (weights for members the leader adds later).
    expect((await createGroupVia(admin.token, parentId, { members: [], installments: schedule(1, 2, 3) })).status).toBe(
      200,
    );
  });

  it('refuses amounts below 1 in the schedule and a share too small to give each instalment a minor unit', async () => {
    const { admin, parentId } = await createTenant();
    const zero = await createGroupVia(admin.token, parentId, {
      members: [],
      installments: [{ amount: 0, due_at: inDays(5) }],
    });
    expect(errorCode(zero)).toEqual([422, 'validation.too_small']);
    const tiny = await createGroupVia(admin.token, parentId, {
      members: [
        { customer_name: 'A', amount: 3 },
        { customer_name: 'B', amount: 5000 },
      ],
      installments: schedule(1, 1, 100),
    });
    expect(errorCode(tiny)).toEqual([422, 'group.share_too_small']);
    expect(field(tiny)).toMatch(/members\[0\]\.amount/);
  });

  it('needs booking_id or booking_reference, and writes nothing when a rule fails', async () => {
    const { admin, parentId } = await createTenant();
    expect(errorCode(await createGroupVia(admin.token, parentId, { booking_reference: undefined }))).toEqual([
      422,
      'group.booking_required',
    ]);
    const db = await getDb();
    const refused = await createGroupVia(admin.token, parentId, {
      booking_reference: 'NEVER-MADE',
      installments: schedule(1, 1),
    });
    expect(errorCode(refused)).toEqual([422, 'group.schedule_sum_mismatch']);
    const [made] = await db.select({ n: count() }).from(bookings).where(eq(bookings.bookingReference, 'NEVER-MADE'));
    expect(made!.n).toBe(0);
    const [groups] = await db
      .select({ n: count() })
      .from(paymentLinkGroups)
      .where(eq(paymentLinkGroups.organisationId, parentId));
    expect(groups!.n).toBe(0);
  });

  it('attaches the live booking that has the reference, and refuses a booking in another currency', async () => {
    const { admin, parentId } = await createTenant();
    const bookingId = await createBookingVia(admin.token, parentId, { booking_reference: 'TRIP-1' });
    expect((await groupVia(admin.token, parentId, { booking_reference: 'trip-1' })).booking_id).toBe(bookingId);
    const euros = await createBookingVia(admin.token, parentId, { currency: 'EUX' });
    expect(errorCode(await createGroupVia(admin.token, parentId, { booking_id: euros }))).toEqual([
      422,
      'group.currency_mismatch',
    ]);
    expect((await createGroupVia(admin.token, parentId, { booking_id: euros, currency: 'EUX' })).status).toBe(200);
  });

  it('refuses expires_at in the past or before the final due date, and refuses no payment method', async () => {
    const { admin, parentId } = await createTenant();
    expect(errorCode(await createGroupVia(admin.token, parentId, { expires_at: inDays(20) }))).toEqual([
      422,
      'group.expiry_before_deadline',
    ]);
    expect(
      errorCode(await createGroupVia(admin.token, parentId, { installments: undefined, expires_at: inDays(-2) })),
    ).toEqual([422, 'group.expiry_before_deadline']);
    expect((await createGroupVia(admin.token, parentId, { expires_at: inDays(40) })).status).toBe(200);
    expect(
      errorCode(await createGroupVia(admin.token, parentId, { card_enabled: false, open_banking_enabled: false })),
    ).toEqual([422, 'validation.invalid']);
  });

  it('applies the defaults: unlocked, GBX, card on, open banking off', async () => {
    const { admin, parentId } = await createTenant();
    const created = await groupVia(admin.token, parentId, { name: 'Ski trip' });
    const group = (await getGroupVia(admin.token, created.id)).body.data;
    expect(group).toMatchObject({
      name: 'Ski trip',
      members_locked: false,
      installments_locked: false,
      currency: 'GBX',
    });
    const locked = await groupVia(admin.token, parentId, { members_locked: true, installments_locked: true });
    expect((await getGroupVia(admin.token, locked.id)).body.data).toMatchObject({
      members_locked: true,
      installments_locked: true,
    });
  });
});

describe('PUT /agent/payment-link-groups: access', () => {
  it('needs a token, an accessible organisation, the payment role, and the booking role to create a booking', async () => {
    const tenant = await createTenant();
    const other = await createTenant('Other');
    expect((await call('PUT', '/agent/payment-link-groups', { rawBody: '{}' })).status).toBe(401);
    expect(errorCode(await createGroupVia(tenant.admin.token, other.parentId))).toEqual([
      403,
      'auth.organisation_forbidden',
    ]);
    const reader = await tenant.makeCaller({ roles: [], organisationId: tenant.parentId });
    expect(errorCode(await createGroupVia(reader.token, tenant.parentId))).toEqual([403, 'auth.missing_role']);
    const payments = await tenant.makeCaller({
      roles: ['booking-and-payment:create:payment'],
      organisationId: tenant.parentId,
    });
    expect(errorCode(await createGroupVia(payments.token, tenant.parentId))).toEqual([403, 'auth.missing_role']);
    const bookingId = await createBookingVia(tenant.admin.token, tenant.parentId);
    expect((await createGroupVia(payments.token, tenant.parentId, { booking_id: bookingId })).status).toBe(200);
    // A key without roles still reads the group.
    const created = await groupVia(tenant.admin.token, tenant.parentId);
    expect((await getGroupVia(reader.token, created.id)).status).toBe(200);
    expect((await api.get(`/agent/payment-link-groups/not-a-uuid`, { token: reader.token })).status).toBe(422);
  });
});
