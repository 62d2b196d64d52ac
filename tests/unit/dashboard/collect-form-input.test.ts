import { describe, expect, it } from 'vitest';
import { minorFromMajor } from '@/app/[locale]/dashboard/(signed-in)/collect-form-input';
import {
  createLinkForm,
  createEcommerceForm,
  sendLinkForm,
} from '@/app/[locale]/dashboard/(signed-in)/links/link-form-input';
import { autoCollectOffForm, createGroupForm } from '@/app/[locale]/dashboard/(signed-in)/groups/group-form-input';
import { chargeForm } from '@/app/[locale]/dashboard/(signed-in)/scheduled-payments/charge-form-input';

/* The collecting pages' forms parsed by the API's own schemas (docs/dashboard-collect.md "Forms and the API's schemas"). */

const id = '5f0c3a52-8f7e-4c51-9d55-3a1f0f7b2c11';

describe('amounts typed in the major unit', () => {
  it('are minor units: 12.5 is 1250, 12,05 is 1205, 7 is 700; blank is absent', () => {
    expect(minorFromMajor('12.5')).toBe(1250);
    expect(minorFromMajor('12,05')).toBe(1205);
    expect(minorFromMajor(' 7 ')).toBe(700);
    expect(minorFromMajor('')).toBeUndefined();
    expect(minorFromMajor(undefined)).toBeUndefined();
  });

  it('are NaN (refused by the schema) with three decimals, a sign, letters or an exponent', () => {
    for (const typed of ['1.234', '-5', '12a', '1e3', '£5']) expect(minorFromMajor(typed)).toBeNaN();
  });
});

describe('the create link form', () => {
  it('is the API body: checkboxes as booleans (absent is false), lists, blanks absent, amount in minor units', () => {
    const parsed = createLinkForm.parse({
      customer_name: ' Ann Payer ',
      email: 'ann@example.com',
      amount: '125.50',
      currency: 'EUX',
      description: '',
      booking_id: '',
      card_enabled: 'on',
      authorisation_only: 'on',
      store_card_forced: 'on',
      excluded_card_types: ['AMEX'],
      excluded_card_regions: [],
      expires_at: '2099-01-31',
    });
    expect(parsed).toMatchObject({
      customer_name: 'Ann Payer',
      amount: 12550,
      currency: 'EUX',
      card_enabled: true,
      open_banking_enabled: false,
      authorisation_only: true,
      surcharging_enabled: false,
      store_card_forced: true,
      excluded_card_types: ['AMEX'],
      expires_at: '2099-01-31',
    });
    expect(parsed.description).toBeUndefined();
    expect(parsed.booking_id).toBeUndefined();
    // The organisation never comes from the form: the wrapper gives the session's.
    expect('organisation' in parsed).toBe(false);
  });

  it('refuses what the API refuses: a bad amount, an unknown brand, a redirect that is not http(s)', () => {
    const base = { customer_name: 'A', email: 'a@example.com', amount: '10' };
    expect(createLinkForm.safeParse(base).success).toBe(true);
    expect(createLinkForm.safeParse({ ...base, amount: '10.001' }).success).toBe(false);
    expect(createLinkForm.safeParse({ ...base, excluded_card_types: ['DISCOVER'] }).success).toBe(false);
    expect(createLinkForm.safeParse({ ...base, success_url: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('keeps moto_enabled for an ecommerce session', () => {
    expect(
      createEcommerceForm.parse({ customer_name: 'A', email: 'a@example.com', amount: '1', moto_enabled: 'on' }),
    ).toMatchObject({ moto_enabled: true, amount: 100 });
  });

  it("sends with the email's own language field, not the page's", () => {
    expect(sendLinkForm.parse({ id, locale: 'de', email: '', email_locale: 'fr' })).toEqual({
      id,
      send: { locale: 'fr' },
    });
    expect(sendLinkForm.safeParse({ id, email_locale: 'xx' }).success).toBe(false);
  });
});

describe('the create group form', () => {
  it('drops blank rows and reads members and instalments row by row', () => {
    const parsed = createGroupForm.parse({
      lead_name: 'Lena',
      lead_email: 'lena@example.com',
      booking_reference: 'TRIP-1',
      card_enabled: 'on',
      send_portal_link: '',
      member_name: ['Ann', '', 'Bob', ''],
      member_email: ['ann@example.com', '', '', ''],
      member_amount: ['100', '', '50.5', ''],
      instalment_amount: ['', '20'],
      instalment_due: ['', '2099-03-01'],
    });
    expect(parsed.members).toEqual([
      { customer_name: 'Ann', email: 'ann@example.com', amount: 10000 },
      { customer_name: 'Bob', amount: 5050 },
    ]);
    expect(parsed.installments).toEqual([{ amount: 2000, due_at: '2099-03-01' }]);
    expect(parsed.send_portal_link).toBeUndefined();
    expect(
      createGroupForm.parse({ lead_name: 'L', lead_email: 'l@example.com', send_portal_link: 'no' }),
    ).toMatchObject({ send_portal_link: false, members: [], installments: [] });
  });

  it('refuses a member row without a name', () => {
    const parsed = createGroupForm.safeParse({
      lead_name: 'L',
      lead_email: 'l@example.com',
      member_name: [''],
      member_email: ['x@example.com'],
      member_amount: ['10'],
    });
    expect(parsed.success).toBe(false);
  });

  it('turns automatic collection only off, whatever the form posts', () => {
    expect(autoCollectOffForm.parse({ id, member: id, enabled: 'true', body: { enabled: true } }).body).toEqual({
      enabled: false,
    });
  });
});

describe('the charge form', () => {
  it('is the API body with a blank date absent (now) and the form key', () => {
    expect(chargeForm.parse({ booking: id, key: id, card: id, amount: '30', date: '' })).toEqual({
      booking: id,
      key: id,
      body: { token: id, amount: 3000, authorisation_only: false },
    });
    expect(
      chargeForm.parse({ booking: id, key: id, card: id, amount: '30', date: '2099-01-01', authorisation_only: 'on' })
        .body,
    ).toEqual({ token: id, amount: 3000, date: '2099-01-01', authorisation_only: true });
    expect(chargeForm.safeParse({ booking: id, card: id, amount: '30' }).success).toBe(false);
  });
});
