import { describe, expect, it } from 'vitest';
import { cardBrandName } from '@/lib/payments/card-rules/exclusion-message';

describe('card brands as people name them', () => {
  it('never shows the stored enum names', () => {
    expect(cardBrandName('VISA')).toBe('Visa');
    expect(cardBrandName('MASTER')).toBe('Mastercard');
    expect(cardBrandName('AMEX')).toBe('American Express');
  });
  it('reads another processor brand out of capitals, and nothing as nothing', () => {
    expect(cardBrandName('DISCOVER')).toBe('Discover');
    expect(cardBrandName(null)).toBe('');
    expect(cardBrandName('constructor')).toBe('Constructor');
  });
});
