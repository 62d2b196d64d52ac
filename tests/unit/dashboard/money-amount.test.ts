import { describe, expect, it } from 'vitest';
import { amountField, amountText, parseAmount } from '@/app/[locale]/dashboard/(signed-in)/_money/amount-input';

describe('an amount typed in the back office', () => {
  it('reads the main unit with a point or a comma as the decimal mark, into minor units', () => {
    expect(parseAmount('120')).toBe(12000);
    expect(parseAmount('120.5')).toBe(12050);
    expect(parseAmount('120,50')).toBe(12050);
    expect(parseAmount(' 0.01 ')).toBe(1);
    expect(parseAmount('1 200.00')).toBe(120000);
  });

  it('refuses nothing, zero, negatives, three decimals and thousands separators rather than guess', () => {
    for (const text of ['', '0', '0.00', '-5', '1.234', '1,234.50', '12.', 'abc', '1e3'])
      expect(parseAmount(text), text).toBeNull();
  });

  it('is the form field zod parses, and writes back what it reads', () => {
    expect(amountField.parse('25,00')).toBe(2500);
    expect(amountField.safeParse('25.001').success).toBe(false);
    expect(parseAmount(amountText(12345))).toBe(12345);
  });
});
