import { describe, expect, it } from 'vitest';
import { dccQuote, homeCurrencyOf, sandboxDccRates, sandboxMidRates } from '@/lib/payments/card-rules';

const rates = sandboxDccRates;

describe('dccQuote', () => {
  it('offers euros to a French card on a pound link, with the mark-up disclosed', () => {
    expect(dccQuote({ amount: 10_000, linkCurrency: 'GBX', cardCountry: 'FR', rates })).toEqual({
      cardCurrency: 'EUX',
      mid_rate: 1.17,
      markup_bps: 300,
      rate: 1.2051,
      converted_amount: 12_051,
      source: 'sandbox',
    });
  });

  it('offers dollars to a US card, and pounds to a UK card on a euro link', () => {
    expect(dccQuote({ amount: 10_000, linkCurrency: 'GBX', cardCountry: 'US', rates })).toMatchObject({
      cardCurrency: 'USX',
      mid_rate: 1.27,
      rate: 1.3081,
      converted_amount: 13_081,
    });
    expect(dccQuote({ amount: 11_700, linkCurrency: 'EUX', cardCountry: 'GB', rates })).toMatchObject({
      cardCurrency: 'GBX',
      mid_rate: 0.854701,
    });
  });

  it('derives every pair through the pound, so inverse and cross rates agree', () => {
    expect(dccQuote({ amount: 100, linkCurrency: 'USX', cardCountry: 'GB', rates, markupBps: 0 })).toMatchObject({
      mid_rate: 0.787402,
      rate: 0.787402,
    });
    expect(dccQuote({ amount: 100, linkCurrency: 'EUX', cardCountry: 'US', rates, markupBps: 0 })).toMatchObject({
      mid_rate: 1.08547,
    });
    expect(dccQuote({ amount: 100, linkCurrency: 'USX', cardCountry: 'DE', rates, markupBps: 0 })).toMatchObject({
      mid_rate: 0.92126,
    });
  });

  it('rounds the converted amount half up', () => {
    // 50 x 1.17 = 58.5 -> 59 at no mark-up.
    expect(
      dccQuote({ amount: 50, linkCurrency: 'GBX', cardCountry: 'FR', rates, markupBps: 0 })?.converted_amount,
    ).toBe(59);
  });

  it('takes other rates and mark-ups', () => {
    const other = { source: 'sandbox' as const, mid: { ...sandboxMidRates, EUR: 1.2 } };
    expect(
      dccQuote({ amount: 10_000, linkCurrency: 'GBX', cardCountry: 'IE', rates: other, markupBps: 100 }),
    ).toMatchObject({ mid_rate: 1.2, rate: 1.212, markup_bps: 100, converted_amount: 12_120 });
  });

  it('is not offered when the card currency is the link currency, or not one we settle', () => {
    expect(dccQuote({ amount: 10_000, linkCurrency: 'GBX', cardCountry: 'GB', rates })).toBeNull();
    expect(dccQuote({ amount: 10_000, linkCurrency: 'EUX', cardCountry: 'FR', rates })).toBeNull();
    expect(dccQuote({ amount: 10_000, linkCurrency: 'GBX', cardCountry: 'CH', rates })).toBeNull();
    expect(dccQuote({ amount: 10_000, linkCurrency: 'GBX', cardCountry: 'JP', rates })).toBeNull();
    expect(dccQuote({ amount: 10_000, linkCurrency: 'GBX', cardCountry: 'PL', rates })).toBeNull();
  });
});

describe('homeCurrencyOf', () => {
  it('knows the pound, the dollar and the euro area', () => {
    expect(homeCurrencyOf('GB')).toBe('GBP');
    expect(homeCurrencyOf('US')).toBe('USD');
    expect(['FR', 'DE', 'IE', 'HR', 'BG', 'MC'].map(homeCurrencyOf)).toEqual([
      'EUR',
      'EUR',
      'EUR',
      'EUR',
      'EUR',
      'EUR',
    ]);
    expect(['CH', 'SE', 'DK', 'NO'].map(homeCurrencyOf)).toEqual([null, null, null, null]);
  });
});
