import { describe, expect, it } from 'vitest';
import { defaultSurchargeRates, surchargeFor } from '@/lib/payments/card-rules';

const rates = defaultSurchargeRates;
const consumer = (issuingCountry: string) => ({ cardClass: 'consumer' as const, issuingCountry });
const commercial = (issuingCountry: string) => ({ cardClass: 'commercial' as const, issuingCountry });

describe('surchargeFor', () => {
  it('never surcharges consumer cards issued in the UK or EEA', () => {
    for (const country of ['GB', 'FR', 'DE', 'NO', 'IS', 'LI']) {
      expect(surchargeFor({ amount: 100_000, card: consumer(country), rates, enabled: true })).toEqual({
        surcharge: 0,
        class: null,
        rate_bps: 0,
      });
    }
  });

  it('charges the commercial rate on commercial cards, domestic ones included', () => {
    expect(
      surchargeFor({ amount: 10_000, card: commercial('GB'), organisationCountry: 'GB', rates, enabled: true }),
    ).toEqual({ surcharge: 150, class: 'commercial', rate_bps: 150 });
  });

  it('charges the international rate on consumer cards issued outside the UK and EEA, Switzerland included', () => {
    expect(surchargeFor({ amount: 10_000, card: consumer('US'), rates, enabled: true })).toEqual({
      surcharge: 250,
      class: 'international',
      rate_bps: 250,
    });
    expect(surchargeFor({ amount: 10_000, card: consumer('CH'), rates, enabled: true })).toMatchObject({
      class: 'international',
    });
  });

  it('rounds half up to whole minor units', () => {
    // 150 bps of 1100 is 16.5; 250 bps of 1020 is 25.5; 150 bps of 1001 is 15.015.
    expect(surchargeFor({ amount: 1100, card: commercial('GB'), rates, enabled: true }).surcharge).toBe(17);
    expect(surchargeFor({ amount: 1020, card: consumer('US'), rates, enabled: true }).surcharge).toBe(26);
    expect(surchargeFor({ amount: 1001, card: commercial('GB'), rates, enabled: true }).surcharge).toBe(15);
    expect(surchargeFor({ amount: 1099, card: commercial('GB'), rates, enabled: true }).surcharge).toBe(16);
  });

  it('takes the higher rate for a commercial card issued outside the UK and EEA, commercial on a tie', () => {
    expect(surchargeFor({ amount: 10_000, card: commercial('US'), rates, enabled: true })).toEqual({
      surcharge: 250,
      class: 'international',
      rate_bps: 250,
    });
    const higherCommercial = { commercial_rate_bps: 300, international_rate_bps: 250 };
    expect(surchargeFor({ amount: 10_000, card: commercial('US'), rates: higherCommercial, enabled: true })).toEqual({
      surcharge: 300,
      class: 'commercial',
      rate_bps: 300,
    });
    const tie = { commercial_rate_bps: 200, international_rate_bps: 200 };
    expect(surchargeFor({ amount: 10_000, card: commercial('US'), rates: tie, enabled: true }).class).toBe(
      'commercial',
    );
  });

  it('uses the organisation rates', () => {
    expect(
      surchargeFor({
        amount: 10_000,
        card: consumer('US'),
        rates: { commercial_rate_bps: 100, international_rate_bps: 199 },
        enabled: true,
      }).surcharge,
    ).toBe(199);
  });

  it('is nothing when surcharging is off', () => {
    expect(surchargeFor({ amount: 10_000, card: commercial('US'), rates, enabled: false })).toEqual({
      surcharge: 0,
      class: null,
      rate_bps: 0,
    });
  });
});
