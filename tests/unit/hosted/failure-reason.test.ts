import { describe, expect, it } from 'vitest';
import { failureKind, failureMessageKeys } from '@/app/[locale]/[payment_link_id]/failure-reason';
import en from '@/messages/en-GB/Checkout.json';

describe('failure reasons as the customer reads them', () => {
  it('reads the processors’ and the checkout’s recorded reasons', () => {
    expect(failureKind('declined')).toBe('declined');
    expect(failureKind('insufficient_funds')).toBe('insufficientFunds');
    expect(failureKind('3ds_failed')).toBe('threeDSecure');
    expect(failureKind('declined_by_bank')).toBe('bankDeclined');
    expect(failureKind('cvc_declined')).toBe('cardDetails');
    expect(failureKind('expired_card')).toBe('expiredCard');
    expect(failureKind('card_excluded')).toBe('cardRefused');
    // A wallet judged after 3-D Secure whose surcharge the customer had not seen (wallet-late-decision.ts).
    expect(failureKind('surcharge_to_confirm')).toBe('surcharge');
    expect(failureKind('processor_unavailable')).toBe('unavailable');
    expect(failureKind('abandoned_at_bank')).toBe('abandoned');
  });

  it('never shows an unknown code, nor an inherited property name', () => {
    expect(failureKind('some_new_reason')).toBe('notApproved');
    expect(failureKind('constructor')).toBe('notApproved');
    expect(failureKind(null)).toBe('notApproved');
  });

  it('has a why and a what-next in the catalogue for every kind', () => {
    const messages = en as Record<string, string>;
    for (const reason of [
      'declined',
      'insufficient_funds',
      '3ds_failed',
      'declined_by_bank',
      'invalid_expiry',
      'abandoned',
      'card_testing',
      'no_processor_answer',
      'expired_card',
      'surcharge_to_confirm',
      'x',
    ]) {
      const { why, next } = failureMessageKeys(failureKind(reason));
      expect(messages[why], why).toEqual(expect.any(String));
      expect(messages[next], next).toEqual(expect.any(String));
    }
  });
});
