import { describe, expect, it } from 'vitest';
import { checkoutPageState } from '@/lib/core/hosted-checkout/checkout-page-state';
import type { HostedCheckout, HostedTransaction } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { cardEntryErrors, detectBrand, parseExpiry } from '@/lib/payments/card-entry';

const now = new Date('2026-11-23T12:00:00Z');
const attempt = (status: string, stage: string | null = null): HostedTransaction => ({
  id: 't',
  status,
  stage,
  type: 'CARD',
  amount: 100,
  surcharge: 0,
  cardBrand: null,
  cardLastFour: null,
  wallet: null,
  failureReason: null,
  paidAt: null,
  createdAt: now,
});
const link = (latest: HostedTransaction | null, expiresAt = new Date('2026-12-01T00:00:00Z')): HostedCheckout => ({
  id: 'l',
  organisationName: 'Org',
  organisationLogo: null,
  organisationCountry: 'GB',
  brandColour: null,
  cardRulesNeedFacts: false,
  description: null,
  amount: 100,
  currency: 'GBX',
  bookingReference: null,
  payerName: 'A',
  expiresAt,
  methods: { card: true, openBanking: false },
  authorisationOnly: false,
  motoAllowed: false,
  storeCard: 'hidden',
  redirects: { success: null, failure: null, cancel: null },
  latest,
});
const past = new Date('2026-11-01T00:00:00Z');

describe('checkout page state table', () => {
  it.each([
    ['unknown or deleted', null, 'not_found'],
    ['no attempt', link(null), 'active'],
    ['declined attempt', link(attempt('DECLINED')), 'active'],
    ['rejected attempt', link(attempt('REJECTED')), 'active'],
    ['reversed authorisation, unexpired', link(attempt('REVERSED')), 'active'],
    ['complete', link(attempt('COMPLETE')), 'paid'],
    ['held (pending capture)', link(attempt('PENDING')), 'paid'],
    ['paid, then expired', link(attempt('COMPLETE'), past), 'paid'],
    ['at 3-D Secure', link(attempt('PAYMENTINPROGRESS', 'challenge')), 'away'],
    ['at the bank', link(attempt('PAYMENTINPROGRESS', 'bank')), 'away'],
    ['being authorised', link(attempt('PAYMENTINPROGRESS', 'authorising')), 'confirming'],
    ['unsettled', link(attempt('PAYMENTINPROGRESS', 'unsettled')), 'confirming'],
    ['expired, unpaid', link(attempt('DECLINED'), past), 'expired'],
  ] as const)('%s → %s', (_label, checkout, expected) => {
    expect(checkoutPageState(checkout, now)).toBe(expected);
  });
});

describe('card entry checks', () => {
  it('detects the brand from the first digits', () => {
    expect(detectBrand('4111 1111')).toBe('VISA');
    expect(detectBrand('5555')).toBe('MASTER');
    expect(detectBrand('2221')).toBe('MASTER');
    expect(detectBrand('3700')).toBe('AMEX');
    expect(detectBrand('9')).toBeNull();
  });

  it('parses MM/YY and MM/YYYY', () => {
    expect(parseExpiry('03/30')).toEqual({ month: 3, year: 2030 });
    expect(parseExpiry('12 / 2031')).toEqual({ month: 12, year: 2031 });
    expect(parseExpiry('13/30')).toBeNull();
  });

  it('names each field the customer got wrong', () => {
    expect(cardEntryErrors({ number: '4111 1111 1111 1111', expiry: '12/30', cvc: '123', name: 'A' }, now)).toEqual([]);
    expect(cardEntryErrors({ number: '4111 1111 1111 1112', expiry: '10/26', cvc: '12', name: ' ' }, now)).toEqual([
      'number',
      'expiry',
      'cvc',
      'name',
    ]);
    expect(cardEntryErrors({ number: '4111111111111111', expiry: '11/26', cvc: '1234', name: 'A' }, now)).toEqual([]);
  });
});
