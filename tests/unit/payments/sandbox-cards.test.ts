import { describe, expect, it } from 'vitest';
import { cardDigits, isExpired, passesLuhn } from '@/lib/payments/processor/sandbox/card-number';
import { sandboxCards } from '@/lib/payments/processor/sandbox/sandbox-cards';
import {
  newProviderReference,
  newStoredCardToken,
  parseStoredCardToken,
} from '@/lib/payments/processor/sandbox/sandbox-references';

describe('sandbox card helpers', () => {
  it('reads numbers typed with spaces or dashes', () => {
    expect(cardDigits('4111 1111 1111 1111')).toBe('4111111111111111');
    expect(cardDigits('4111-1111-1111-1111')).toBe('4111111111111111');
    expect(cardDigits('4111 abcd')).toBeNull();
  });

  it('checks Luhn; every table card but 4000 0300 0000 0006 passes it', () => {
    expect(sandboxCards.filter((c) => !passesLuhn(c.number)).map((c) => c.number)).toEqual(['4000030000000006']);
    expect(passesLuhn('4111111111111112')).toBe(false);
  });

  it('keeps a card valid through its expiry month', () => {
    const today = new Date('2026-11-21T12:00:00Z');
    expect(isExpired(11, 2026, today)).toBe(false);
    expect(isExpired(10, 2026, today)).toBe(true);
    expect(isExpired(1, 27, today)).toBe(false);
  });

  it('issues tokens that carry the profile and the issuing payment, never the number', () => {
    const reference = newProviderReference();
    const token = newStoredCardToken('visa_stored_declines', reference);
    expect(token).toMatch(/^sbx_tok_visa_stored_declines_[0-9a-f]{32}$/);
    expect(token).not.toContain('4000030000000006');
    expect(parseStoredCardToken(token)).toEqual({ profile: 'visa_stored_declines', providerReference: reference });
    expect(parseStoredCardToken('sbx_tok_nobody_' + '0'.repeat(32))).toBeNull();
    expect(parseStoredCardToken('tok_visa')).toBeNull();
  });
});
