import { describe, expect, it } from 'vitest';
import { assertDatesInOrder } from '@/lib/core/bookings/booking-dates';
import { bookingsToCsv } from '@/lib/core/bookings/bookings-csv';
import type { SerializedBooking } from '@/lib/core/bookings/serialize-booking';
import { grossValueFrom } from '@/lib/core/bookings/update-booking';

describe('grossValueFrom', () => {
  it('prefers gross_value in minor units', () => {
    expect(grossValueFrom({ gross_value: 500, gross_amount: 9 })).toBe(500);
  });
  it('turns the deprecated major-unit gross_amount into minor units without float drift', () => {
    expect(grossValueFrom({ gross_amount: 123.45 })).toBe(12345);
    expect(grossValueFrom({ gross_amount: 0.29 })).toBe(29);
    expect(grossValueFrom({ gross_amount: 1.005 })).toBe(100);
  });
  it('leaves the value alone when neither is given', () => {
    expect(grossValueFrom({})).toBeUndefined();
  });
});

describe('assertDatesInOrder', () => {
  it('accepts same-day and later returns, and missing dates', () => {
    expect(() => assertDatesInOrder('2027-01-01', '2027-01-01')).not.toThrow();
    expect(() => assertDatesInOrder('2027-01-01', null)).not.toThrow();
  });
  it('refuses a return before departure', () => {
    expect(() => assertDatesInOrder('2027-01-02', '2027-01-01')).toThrowError(/return_date/);
  });
});

describe('bookingsToCsv', () => {
  const booking = {
    id: 'b1',
    organisation: { id: 'org' },
    booking_reference: 'R-1',
    customer_name: 'Line\nBreak "Quoted"',
    email: 'e@example.com',
    currency: 'GBX',
    gross_amount: 1000,
    departure_date: null,
    return_date: null,
    package_type: null,
    atol_receipt_number: '@risky',
    user: { id: 'u', email: 'u@example.com' },
    transactions: [{ amount: 300 }, { amount: 200 }],
    created_at: 'c',
    updated_at: 'u2',
  } as unknown as SerializedBooking;

  it('quotes, escapes, sums paid amounts and defuses formulas', () => {
    const [, row] = bookingsToCsv([booking]).split('\r\n');
    expect(row).toBe(`b1,org,R-1,"Line\nBreak ""Quoted""",e@example.com,GBX,1000,500,,,,'@risky,u@example.com,c,u2`);
  });
});
