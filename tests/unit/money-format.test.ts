import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/money';

describe('formatMoney per locale', () => {
  it('formats the amount with the locale’s separators and symbol', () => {
    expect(formatMoney(12345, 'GBX', 'en-GB')).toBe('£123.45');
    expect(formatMoney(12345, 'GBX', 'cy')).toBe('£123.45');
    expect(formatMoney(12345, 'EUX', 'el')).toMatch(/^123,45\s€$/);
    expect(formatMoney(123456, 'GBX', 'pl')).toMatch(/^1234,56\sGBP$/);
  });

  it('isolates the currency symbol left to right in Arabic, so "UK£" is not shown as "£UK"', () => {
    const text = formatMoney(12345, 'GBX', 'ar');
    expect(text).toContain('\u2066UK£\u2069');
    expect(text.replace(/[\u2066\u2069]/g, '')).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'GBP' }).format(123.45),
    );
  });
});
