import { describe, expect, it } from 'vitest';
import { postedCard } from '@/app/[locale]/[payment_link_id]/card-entry/card-method';
import { adyenWith } from '../payments/support/fake-adyen';

const today = new Date('2026-11-23T00:00:00Z');
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const browserInfo = JSON.stringify({
  userAgent: 'Mozilla/5.0',
  acceptHeader: 'text/html',
  language: 'en-GB',
  colorDepth: 24,
  screenHeight: 900,
  screenWidth: 1440,
  timeZoneOffset: 0,
  javaEnabled: false,
});
/** What the Adyen card fields put in the pay form (card-entry/adyen-card-fields.tsx). */
const adyenForm = {
  encryptedCardNumber: 'adyenjs_0_1_25$encNumber',
  encryptedExpiryMonth: 'adyenjs_0_1_25$encMonth',
  encryptedExpiryYear: 'adyenjs_0_1_25$encYear',
  encryptedSecurityCode: 'adyenjs_0_1_25$encCvc',
  browserInfo,
  bin: '41111111',
  lastFour: '1111',
  holderName: 'Ada Lovelace',
};

describe('postedCard: the card a pay form posted', () => {
  it('sandbox: the own fields, checked again on the server', () => {
    expect(
      postedCard(form({ number: '4111 1111 1111 1111', expiry: '12/34', cvc: '123', name: 'Ada' }), true, today),
    ).toEqual({
      ok: true,
      method: {
        kind: 'card',
        number: '4111 1111 1111 1111',
        expiryMonth: 12,
        expiryYear: 2034,
        cvc: '123',
        holderName: 'Ada',
      },
    });
    expect(
      postedCard(form({ number: '4111 1111 1111 1112', expiry: '01/20', cvc: '1', name: ' ' }), true, today),
    ).toEqual({ ok: false, fieldErrors: ['number', 'expiry', 'cvc', 'name'] });
    // The test card that fails Luhn is still the sandbox's card (approved while present, declined when stored).
    expect(
      postedCard(form({ number: '4000 0300 0000 0006', expiry: '12/34', cvc: '123', name: 'Ben' }), true, today),
    ).toMatchObject({ ok: true });
  });

  it('production: a raw number, expiry or CVC is refused, even beside encrypted fields', () => {
    for (const raw of [{ number: '4111111111111111' }, { cvc: '123' }, { expiry: '12/34' }] as Record<
      string,
      string
    >[]) {
      expect(postedCard(form({ ...adyenForm, ...raw }), false, today)).toEqual({
        ok: false,
        refused: 'raw_card_in_production',
      });
    }
  });

  it('production: incomplete encrypted fields or a bad BIN are refused as incomplete', () => {
    expect(postedCard(form({ ...adyenForm, encryptedCardNumber: '' }), false, today)).toEqual({
      ok: false,
      refused: 'card_incomplete',
    });
    expect(postedCard(form({ ...adyenForm, bin: '4111111111111111' }), false, today)).toEqual({
      ok: false,
      refused: 'card_incomplete',
    });
    expect(postedCard(form({ ...adyenForm, browserInfo: '[1]' }), false, today)).toEqual({
      ok: false,
      refused: 'card_incomplete',
    });
  });

  it("production: the form's fields become exactly the recorded /payments request of the Adyen adapter", async () => {
    const posted = postedCard(form(adyenForm), false, today);
    if (!posted.ok) throw new Error('expected a card');
    const { processor, done } = adyenWith('authorise-store-card-authorised');
    const result = await processor.authorise({
      reference: 'txn_8c2f41',
      amount: 12_345,
      currency: 'GBP',
      method: posted.method,
      capture: true,
      storeCard: true,
      returnUrl: 'https://pay.example.com/pay/6b1d/return',
      idempotencyKey: '3f1c2b9e-7d4a-4c1e-9a52-0b8e6f1d2a31',
    });
    expect(result).toMatchObject({ status: 'authorised', card: { bin: '41111111', lastFour: '1111' } });
    done();
  });
});
