import { describe, expect, it } from 'vitest';
import { adyenWith } from './support/fake-adyen';

describe('Adyen lookupCard (/cardDetails)', () => {
  it('reads brand, funding, commercial flag and country; BIN and last four come from adyen-web', async () => {
    const { processor, done } = adyenWith('card-details');
    const facts = await processor.lookupCard({
      kind: 'adyen_encrypted',
      holderName: 'Marie Curie',
      fields: { encryptedCardNumber: 'adyenjs_0_1_25$encNumber', bin: '52008300', lastFour: '0007' },
    });
    expect(facts).toEqual({
      brand: 'MASTER',
      bin: '52008300',
      lastFour: '0007',
      funding: 'credit',
      cardClass: 'commercial',
      issuingCountry: 'FR',
      holderName: 'Marie Curie',
    });
    done();
  });

  it('answers null when Adyen does not know the issuing country, and without calling when there is no number', async () => {
    const { processor, done } = adyenWith('card-details-no-country');
    expect(
      await processor.lookupCard({
        kind: 'adyen_encrypted',
        holderName: 'A',
        fields: { encryptedCardNumber: 'adyenjs_0_1_25$encNumber' },
      }),
    ).toBeNull();
    expect(await processor.lookupCard({ kind: 'adyen_encrypted', holderName: 'A', fields: {} })).toBeNull();
    done();
  });
});

describe('Adyen open banking (Pay by Bank)', () => {
  it('starts with a redirect to the bank', async () => {
    const { processor, done } = adyenWith('open-banking-start');
    const started = await processor.startOpenBanking({
      reference: 'txn_a1',
      amount: 150_000,
      currency: 'GBP',
      returnUrl: 'https://pay.example.com/pay/a1/return',
      idempotencyKey: 'ob-txn_a1',
    });
    expect(started).toEqual({
      status: 'redirect',
      providerReference: 'ZTDS9G3K5V6LQW82',
      redirectUrl: 'https://checkoutshopper-test.adyen.com/checkoutshopper/checkoutPaymentRedirect?redirectData=abc',
    });
    done();
  });

  it('answers a start Adyen received without a redirect as received (decided later), not as a failure', async () => {
    const { processor, done } = adyenWith('open-banking-start-received');
    const started = await processor.startOpenBanking({
      reference: 'txn_a1',
      amount: 150_000,
      currency: 'GBP',
      returnUrl: 'https://pay.example.com/pay/a1/return',
      idempotencyKey: 'ob-txn_a1',
    });
    expect(started).toEqual({ status: 'received', providerReference: 'ZTDS9G3K5V6LQW82' });
    done();
  });

  it('finishes with the redirectResult the bank sent back; without it the outcome is unknown here (pending)', async () => {
    const { processor, done } = adyenWith('open-banking-details-cancelled');
    expect(await processor.finishOpenBanking({ providerReference: 'ZTDS9G3K5V6LQW82' })).toEqual({ status: 'pending' });
    expect(
      await processor.finishOpenBanking({
        providerReference: 'ZTDS9G3K5V6LQW82',
        payload: { redirectResult: 'bankReturn...' },
      }),
    ).toEqual({ status: 'abandoned', providerReference: 'ZTDS9G3K5V6LQW82' });
    done();
  });
});
