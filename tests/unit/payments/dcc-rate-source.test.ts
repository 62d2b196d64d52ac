import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardRulesNeedFacts, quoteCard } from '@/lib/core/payments/card-quote';
import { dccRates } from '@/lib/core/payments/dcc-rates';
import type { PayableCheckout } from '@/lib/core/payments/load-payable-checkout';
import { effectivePaymentSettings } from '@/lib/payments/payment-settings';
import type { CardFacts } from '@/lib/payments/processor';

afterEach(() => vi.unstubAllEnvs());

const options = {
  authorisation_only: false,
  surcharging_enabled: false,
  dcc_enabled: true,
  excluded_card_types: [],
  excluded_card_regions: [],
  hide_store_card: false,
  store_card_forced: false,
};
const checkout = {
  link: { amount: 10_000, currency: 'GBX', options },
  settings: effectivePaymentSettings({}, 'GB'),
} as unknown as PayableCheckout;
const frenchCard: CardFacts = {
  brand: 'VISA',
  bin: '40355010',
  lastFour: '0008',
  funding: 'credit',
  cardClass: 'consumer',
  issuingCountry: 'FR',
};

describe('DCC rates come from a named source (issue 15, defect 4)', () => {
  it('sandbox: the sandbox rates, labelled as such', () => {
    vi.stubEnv('MODE', 'sandbox');
    expect(dccRates()).toMatchObject({ source: 'sandbox' });
    expect(quoteCard(checkout, frenchCard)).toMatchObject({
      accepted: true,
      dcc: { cardCurrency: 'EUX', mid_rate: 1.17, source: 'sandbox' },
    });
  });

  it('production: no quote source is configured, so no DCC is offered to any card', () => {
    vi.stubEnv('MODE', 'production');
    expect(dccRates()).toBeNull();
    expect(quoteCard(checkout, frenchCard)).toMatchObject({ accepted: true, total: 10_000, dcc: null });
  });

  it('production: DCC that cannot be offered needs no card facts, so an unknown card is not refused for it', () => {
    vi.stubEnv('MODE', 'production');
    expect(cardRulesNeedFacts(checkout)).toBe(false);
    expect(quoteCard(checkout, null)).toMatchObject({ accepted: true, dcc: null });
    vi.stubEnv('MODE', 'sandbox');
    expect(cardRulesNeedFacts(checkout)).toBe(true);
    expect(quoteCard(checkout, null)).toMatchObject({ accepted: false, reason: 'card_unverified' });
  });
});
