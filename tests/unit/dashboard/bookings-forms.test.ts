import { describe, expect, it } from 'vitest';
import {
  amountFieldValue,
  createBookingForm,
  majorAmount,
} from '@/app/[locale]/dashboard/(signed-in)/bookings/booking-form-schema';
import { keptFilters, listInput, readFilters } from '@/app/[locale]/dashboard/(signed-in)/bookings/bookings-filters';

describe('the booking forms', () => {
  it('reads an amount typed in the major unit as minor units, at most two decimals', () => {
    expect(majorAmount.parse('1250.5')).toBe(125050);
    expect(majorAmount.parse('1250,05')).toBe(125005);
    expect(majorAmount.parse(' 7 ')).toBe(700);
    expect(majorAmount.parse('')).toBeNull();
    for (const bad of ['12.345', '-5', '1e3', '£10', '10.'])
      expect(majorAmount.safeParse(bad).success, bad).toBe(false);
    expect(amountFieldValue(125005)).toBe('1250.05');
    expect(amountFieldValue(7)).toBe('0.07');
    expect(amountFieldValue(null)).toBe('');
  });

  it('turns empty optional fields into none and refuses an unknown currency or trip kind', () => {
    const base = { booking_reference: 'R', customer_name: 'A', email: 'a@example.com', currency: 'GBX' };
    expect(
      createBookingForm.parse({ ...base, gross_amount: '', departure_date: '', return_date: '', package_type: '' }),
    ).toMatchObject({
      gross_amount: null,
      departure_date: null,
      package_type: null,
    });
    expect(createBookingForm.safeParse({ ...base, currency: 'JPY' }).success).toBe(false);
    expect(createBookingForm.safeParse({ ...base, package_type: 'CRUISE' }).success).toBe(false);
  });
});

describe("the bookings list's filters", () => {
  it('keeps what parses, drops the rest, and gives the API its input and the pager its links', () => {
    const filters = readFilters({ keyword: ' smith ', from: '2027-01-01', to: 'not a date', children: '1', page: '3' });
    expect(filters).toEqual({
      keyword: 'smith',
      reference: undefined,
      from: '2027-01-01',
      to: undefined,
      children: '1',
      page: 3,
    });
    expect(listInput('org_a', filters)).toMatchObject({
      organisation: 'org_a',
      keyword: 'smith',
      date_from: '2027-01-01',
      'show-child-organisations': true,
      skip: 50,
      take: 25,
    });
    // The pager and the export link keep the filters, never the page (the pager sets its own).
    expect(keptFilters(filters).toString()).toBe('keyword=smith&from=2027-01-01&children=1');
    expect(readFilters({ page: '-2' }).page).toBe(1);
    expect(readFilters({ page: '99999999' }).page).toBe(1);
  });
});
