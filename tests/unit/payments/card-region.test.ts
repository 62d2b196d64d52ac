import { describe, expect, it } from 'vitest';
import { cardRegion, isEuropeanRegion, isUkOrEea } from '@/lib/payments/card-rules';

describe('cardRegion', () => {
  it('is DOMESTIC for a card of the organisation country, whatever the case', () => {
    expect(cardRegion('GB', 'GB')).toBe('DOMESTIC');
    expect(cardRegion('fr', 'FR')).toBe('DOMESTIC');
    expect(cardRegion('US', 'US')).toBe('DOMESTIC');
  });

  it('is INTRA for another country of the EEA, UK or Switzerland', () => {
    expect(cardRegion('FR', 'GB')).toBe('INTRA');
    expect(cardRegion('CH', 'GB')).toBe('INTRA');
    expect(cardRegion('NO', 'GB')).toBe('INTRA');
    expect(cardRegion('IS', 'GB')).toBe('INTRA');
    expect(cardRegion('LI', 'GB')).toBe('INTRA');
    expect(cardRegion('GB', 'FR')).toBe('INTRA');
  });

  it('is INTER anywhere else', () => {
    expect(cardRegion('US', 'GB')).toBe('INTER');
    expect(cardRegion('JP', 'FR')).toBe('INTER');
    expect(cardRegion('TR', 'GB')).toBe('INTER');
    expect(cardRegion('GB', 'US')).toBe('INTRA');
  });
});

describe('country groups', () => {
  it('puts the UK and EEA where consumer surcharges are banned, but not Switzerland', () => {
    expect(['GB', 'FR', 'DE', 'NO', 'IS', 'LI'].every(isUkOrEea)).toBe(true);
    expect(isUkOrEea('CH')).toBe(false);
    expect(isUkOrEea('US')).toBe(false);
  });

  it('counts Switzerland in the European region', () => {
    expect(isEuropeanRegion('CH')).toBe(true);
    expect(isEuropeanRegion('US')).toBe(false);
  });
});
