import { describe, expect, it } from 'vitest';
import { adyenClientConfig } from '@/lib/config';
import { cardCheckFromQuote } from '@/lib/core/hosted-checkout/card-check';
import { storeCardChoice } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import type { CardQuote } from '@/lib/core/payments/card-quote';
import { cardLookupOf } from '@/lib/payments/card-entry';
import { checkCardExclusions } from '@/lib/payments/card-rules';
import type { CardFacts } from '@/lib/payments/processor/port';
import { sandboxCardByBin, sandboxCards } from '@/lib/payments/processor/sandbox/sandbox-cards';

const facts: CardFacts = {
  brand: 'AMEX',
  bin: '37000000',
  lastFour: '0002',
  funding: 'credit',
  cardClass: 'consumer',
  issuingCountry: 'GB',
  holderName: 'Ada',
};

describe('cardLookupOf: what the sandbox card check may send', () => {
  it('is nothing until the number is complete and passes Luhn', () => {
    expect(cardLookupOf('4111 1111')).toBeNull();
    expect(cardLookupOf('4111 1111 1111 1112')).toBeNull();
    expect(cardLookupOf('')).toBeNull();
  });

  it('is the first 8 digits and the last four, never the number', () => {
    expect(cardLookupOf('4111 1111 1111 1111')).toEqual({ bin: '41111111', lastFour: '1111' });
    expect(cardLookupOf('3700-0000-0000-002')).toEqual({ bin: '37000000', lastFour: '0002' });
  });

  it('takes every sandbox test card, even 4000 0300 0000 0006 that fails Luhn, and no other failing number', () => {
    for (const card of sandboxCards)
      expect(cardLookupOf(card.number)).toEqual({ bin: card.number.slice(0, 8), lastFour: card.number.slice(-4) });
    expect(cardLookupOf('4000 0300 0000 0007')).toBeNull();
  });
});

describe('sandboxCardByBin', () => {
  it('finds every test card by its own 8-digit BIN', () => {
    for (const card of sandboxCards) expect(sandboxCardByBin(card.number.slice(0, 8))?.profile).toBe(card.profile);
  });

  it('takes exactly 8 digits: a shorter or longer string is no lookup', () => {
    expect(sandboxCardByBin('4111')).toBeUndefined();
    expect(sandboxCardByBin('4111111111111111')).toBeUndefined();
    expect(sandboxCardByBin('12345678')).toBeUndefined();
  });
});

describe('cardCheckFromQuote: the page view of quoteCard', () => {
  it('an exclusion carries what is refused and what is accepted, and no BIN or name', () => {
    const check = checkCardExclusions({
      card: facts,
      organisationCountry: 'GB',
      excludedTypes: ['AMEX'],
      excludedRegions: [],
    });
    if (check.allowed) throw new Error('expected a refusal');
    const quote: CardQuote = { accepted: false, message: 'x', card: facts, reason: 'card_excluded', exclusion: check };
    const view = cardCheckFromQuote(quote, 'GBX');
    expect(view).toEqual({
      status: 'excluded',
      card: { brand: 'AMEX', funding: 'credit', cardClass: 'consumer', issuingCountry: 'GB', lastFour: '0002' },
      exclusion: { reason: 'type', excluded: 'AMEX', accepted: ['VISA', 'MASTER'] },
    });
    expect(JSON.stringify(view)).not.toMatch(/37000000|Ada/);
  });

  it('a card whose facts the rules need but nobody knows is unverified', () => {
    expect(cardCheckFromQuote({ accepted: false, message: 'x', card: null, reason: 'card_unverified' }, 'GBX')).toEqual(
      { status: 'unverified' },
    );
  });

  it('an accepted card carries the surcharge with its class and the DCC offer; an unknown card is unknown', () => {
    const quote: CardQuote = {
      accepted: true,
      card: { ...facts, brand: 'MASTER', cardClass: 'commercial', issuingCountry: 'FR' },
      surcharge: 150,
      surchargeClass: 'commercial',
      total: 10150,
      dcc: {
        cardCurrency: 'EUX',
        rate: 1.2051,
        markup_bps: 300,
        converted_amount: 12232,
        mid_rate: 1.17,
        source: 'sandbox',
      },
    };
    expect(cardCheckFromQuote(quote, 'GBX')).toMatchObject({
      status: 'accepted',
      currency: 'GBX',
      total: 10150,
      surcharge: { amount: 150, class: 'commercial' },
      dcc: { currency: 'EUX', rate: 1.2051, markupBps: 300, amount: 12232, sandboxRate: true },
    });
    expect(
      cardCheckFromQuote(
        { accepted: true, card: null, surcharge: 0, surchargeClass: null, total: 100, dcc: null },
        'GBX',
      ),
    ).toEqual({ status: 'unknown' });
  });

  it('a last four that is not four digits is not shown', () => {
    const quote: CardQuote = {
      accepted: true,
      card: { ...facts, lastFour: '' },
      surcharge: 0,
      surchargeClass: null,
      total: 100,
      dcc: null,
    };
    expect(cardCheckFromQuote(quote, 'GBX')).toMatchObject({ card: { lastFour: null }, surcharge: null, dcc: null });
  });
});

describe('storeCardChoice: the page offers what payByCard will honour', () => {
  it('no booking: nothing to save to; forced wins over hidden; otherwise a choice', () => {
    expect(storeCardChoice(false, { hide_store_card: false, store_card_forced: true })).toBe('hidden');
    expect(storeCardChoice(true, { hide_store_card: true, store_card_forced: true })).toBe('forced');
    expect(storeCardChoice(true, { hide_store_card: true, store_card_forced: false })).toBe('hidden');
    expect(storeCardChoice(true, { hide_store_card: false, store_card_forced: false })).toBe('choice');
  });
});

describe('adyenClientConfig', () => {
  it('needs a client key; the environment defaults to test and must be one Adyen knows', () => {
    expect(adyenClientConfig({})).toBeNull();
    expect(adyenClientConfig({ ADYEN_CLIENT_KEY: 'test_ABC' })).toEqual({ clientKey: 'test_ABC', environment: 'test' });
    expect(adyenClientConfig({ ADYEN_CLIENT_KEY: 'live_ABC', ADYEN_ENVIRONMENT: 'Live-US' })).toEqual({
      clientKey: 'live_ABC',
      environment: 'live-us',
    });
    expect(adyenClientConfig({ ADYEN_CLIENT_KEY: 'live_ABC', ADYEN_ENVIRONMENT: 'mars' })).toBeNull();
  });
});
