import { describe, expect, it } from 'vitest';
import { publicBaseUrl } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { ProcessorError, sandboxPendingPayment } from '@/lib/payments/processor';
import { withTestDatabase } from '../support/test-database';
import { authorised, card, key, pay, sandbox } from './sandbox-helpers';

withTestDatabase();

describe('sandbox test cards', () => {
  const table = [
    ['4111 1111 1111 1111', 'VISA', 'credit', 'consumer', 'GB', 'authorised'],
    ['5555 5555 5555 4444', 'MASTER', 'debit', 'consumer', 'GB', 'authorised'],
    ['3700 0000 0000 002', 'AMEX', 'credit', 'consumer', 'GB', 'authorised'],
    ['4212 3456 7891 0006', 'VISA', 'credit', 'consumer', 'GB', 'challenge'],
    ['4035 5010 0000 0008', 'VISA', 'debit', 'consumer', 'FR', 'authorised'],
    ['4400 0000 0000 0008', 'VISA', 'credit', 'consumer', 'US', 'authorised'],
    ['5200 8300 0000 0007', 'MASTER', 'credit', 'commercial', 'GB', 'authorised'],
    ['4000 0000 0000 0002', 'VISA', 'credit', 'consumer', 'GB', 'declined:declined'],
    ['4000 0099 9999 9009', 'VISA', 'debit', 'consumer', 'GB', 'declined:insufficient_funds'],
    ['4000 0300 0000 0006', 'VISA', 'credit', 'consumer', 'GB', 'authorised'],
  ] as const;

  it.each(table)(
    '%s is a %s %s %s card from %s: %s',
    async (number, brand, funding, cardClass, issuingCountry, expected) => {
      const processor = await sandbox();
      const digits = number.replace(/ /g, '');
      const facts = { brand, funding, cardClass, issuingCountry, bin: digits.slice(0, 8), lastFour: digits.slice(-4) };
      expect(await processor.lookupCard(card(number))).toMatchObject(facts);
      const result = await processor.authorise(pay(card(number)));
      const [status, reason] = expected.split(':');
      expect(result).toMatchObject({
        status,
        card: facts,
        providerReference: expect.stringMatching(/^SBX-[0-9A-F]{16}$/),
      });
      if (reason) expect(result).toMatchObject({ reason });
      if (status === 'authorised') expect(result).toMatchObject({ captured: true });
      expect(JSON.stringify(result)).not.toContain(digits);
    },
  );

  it('declines an unknown number, a Luhn-invalid one and an encrypted card it cannot read', async () => {
    const processor = await sandbox();
    expect(await processor.lookupCard(card('4242 4242 4242 4242'))).toBeNull();
    expect(await processor.authorise(pay(card('4242 4242 4242 4242')))).toMatchObject({
      status: 'declined',
      reason: 'unknown_card',
    });
    expect(await processor.lookupCard(card('4111 1111 1111 1112'))).toBeNull();
    expect(await processor.authorise(pay(card('4111 1111 1111 1112')))).toMatchObject({
      status: 'declined',
      reason: 'invalid_card_number',
    });
    expect(await processor.lookupCard({ kind: 'adyen_encrypted', holderName: 'A', fields: {} })).toBeNull();
    await expect(
      processor.authorise(pay({ kind: 'adyen_encrypted', holderName: 'A', fields: {} })),
    ).rejects.toBeInstanceOf(ProcessorError);
  });

  it('declines a past expiry, and the cardholder DECLINED on any card', async () => {
    const processor = await sandbox();
    const expired = await processor.authorise(pay(card('4111 1111 1111 1111', { expiryMonth: 1, expiryYear: 2020 })));
    expect(expired).toMatchObject({
      status: 'declined',
      reason: 'expired_card',
      card: { brand: 'VISA', lastFour: '1111' },
    });
    for (const number of ['4111 1111 1111 1111', '4212 3456 7891 0006', '5200 8300 0000 0007']) {
      expect(await processor.authorise(pay(card(number, { holderName: 'DECLINED' })))).toMatchObject({
        status: 'declined',
        reason: 'declined',
      });
    }
  });

  it('authorises without capture when asked to hold the amount', async () => {
    const processor = await sandbox();
    expect(await processor.authorise(pay(card('4111111111111111'), { capture: false }))).toMatchObject({
      status: 'authorised',
      captured: false,
    });
  });

  it('refuses currencies that are not ISO codes (the port speaks GBP, not GBX)', async () => {
    const processor = await sandbox();
    await expect(processor.authorise({ ...pay(card('4111111111111111')), currency: 'GBX' })).rejects.toThrow(/ISO/);
  });
});

describe('3-D Secure', () => {
  it('sends the customer to the sandbox challenge page, then authorises on "password"', async () => {
    const processor = await sandbox();
    const challenge = await processor.authorise(pay(card('4212 3456 7891 0006'), { storeCard: true, capture: false }));
    if (challenge.status !== 'challenge') throw new Error(`expected a challenge, got ${challenge.status}`);
    expect(challenge.redirectUrl).toBe(`${publicBaseUrl()}/sandbox/3ds/${challenge.providerReference}`);
    expect(await sandboxPendingPayment(await getDb(), challenge.providerReference)).toMatchObject({
      step: 'challenge',
      finished: false,
    });
    const done = await processor.finishChallenge({
      providerReference: challenge.providerReference,
      payload: { password: 'password' },
    });
    expect(done).toMatchObject({
      status: 'authorised',
      providerReference: challenge.providerReference,
      captured: false,
      storedCardToken: expect.stringMatching(/^sbx_tok_visa_3ds_/),
    });
    expect(await sandboxPendingPayment(await getDb(), challenge.providerReference)).toEqual({
      step: 'challenge',
      amount: 10_000,
      currency: 'GBP',
      returnUrl: 'http://localhost:3000/pay/return',
      card: { brand: 'VISA', lastFour: '0006' },
      finished: true,
    });
    // Finishing twice answers the first finish.
    expect(
      await processor.finishChallenge({
        providerReference: challenge.providerReference,
        payload: { password: 'wrong' },
      }),
    ).toEqual(done);
  });

  it('declines with 3ds_failed on any other password', async () => {
    const processor = await sandbox();
    const challenge = await processor.authorise(pay(card('4212345678910006')));
    const done = await processor.finishChallenge({
      providerReference: challenge.providerReference,
      payload: { password: 'letmein' },
    });
    expect(done).toMatchObject({ status: 'declined', reason: '3ds_failed', card: { brand: 'VISA' } });
  });

  it('refuses to finish a payment that has no challenge waiting', async () => {
    const processor = await sandbox();
    const approved = await processor.authorise(pay(card('4111111111111111')));
    await expect(
      processor.finishChallenge({ providerReference: approved.providerReference, payload: { password: 'password' } }),
    ).rejects.toBeInstanceOf(ProcessorError);
    await expect(processor.finishChallenge({ providerReference: 'SBX-NOPE', payload: {} })).rejects.toBeInstanceOf(
      ProcessorError,
    );
    expect(await sandboxPendingPayment(await getDb(), approved.providerReference)).toBeNull();
  });
});

describe('stored cards', () => {
  const charge = (token: string, extra: { capture?: boolean; idempotencyKey?: string } = {}) => ({
    token,
    reference: 'instalment-2',
    amount: 2_500,
    currency: 'GBP',
    capture: extra.capture ?? true,
    use: 'scheduled' as const,
    idempotencyKey: extra.idempotencyKey ?? key('charge'),
  });

  it('gives a token only when asked to store the card, and charges it later without the customer', async () => {
    const processor = await sandbox();
    expect(authorised(await processor.authorise(pay(card('4111111111111111')))).storedCardToken).toBeUndefined();
    const first = authorised(await processor.authorise(pay(card('4111 1111 1111 1111'), { storeCard: true })));
    expect(first.storedCardToken).toMatch(/^sbx_tok_visa_gb_[0-9a-f]{32}$/);
    const later = await processor.chargeStoredCard(charge(first.storedCardToken!, { capture: false }));
    expect(later).toMatchObject({ status: 'authorised', captured: false, card: { brand: 'VISA', lastFour: '1111' } });
    expect(later.providerReference).not.toBe(first.providerReference);
  });

  it('approves 4000 0300 0000 0006 while present, then declines its stored-card charges for insufficient funds', async () => {
    const processor = await sandbox();
    const first = authorised(await processor.authorise(pay(card('4000 0300 0000 0006'), { storeCard: true })));
    expect(await processor.chargeStoredCard(charge(first.storedCardToken!))).toMatchObject({
      status: 'declined',
      reason: 'insufficient_funds',
    });
  });

  it('refuses unknown and malformed tokens', async () => {
    const processor = await sandbox();
    const issued = authorised(
      await processor.authorise(pay(card('4111111111111111'), { storeCard: true })),
    ).storedCardToken!;
    const forged = issued.slice(0, -1) + (issued.endsWith('0') ? '1' : '0');
    for (const token of [
      '',
      'tok_123',
      'sbx_tok_visa_gb_xyz',
      'sbx_tok_nobody_' + '0'.repeat(32),
      forged,
      issued.replace('visa_gb', 'amex_gb'),
    ]) {
      await expect(processor.chargeStoredCard(charge(token))).rejects.toBeInstanceOf(ProcessorError);
    }
  });
});
