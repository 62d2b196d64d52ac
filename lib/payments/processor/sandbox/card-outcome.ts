import type { CardFacts, PaymentMethodInput } from '../port';
import { ProcessorError } from '../port';
import { cardDigits, isExpired, isValidExpiry, passesLuhn } from './card-number';
import { sandboxCardByNumber, sandboxCardFacts, type SandboxCard } from './sandbox-cards';

/** What the sandbox issuer makes of the card details it was given, before any money moves. */
export type CardOutcome =
  | { known: false; reason: 'invalid_card_number' | 'unknown_card' }
  | { known: true; card: SandboxCard; facts: CardFacts; decline?: 'invalid_expiry' | 'expired_card' | 'declined' };

export const DECLINING_HOLDER_NAME = 'DECLINED';

/**
 * Reads a plain card entered on the sandbox page. A number in the test-card
 * table is that card even when it fails the Luhn check (4000 0300 0000 0006,
 * from the product's table, does); any other number must pass Luhn, and then
 * is still unknown to the sandbox issuer.
 */
export function evaluateCard(method: PaymentMethodInput, today: Date): CardOutcome {
  if (method.kind !== 'card')
    throw new ProcessorError('the sandbox processor takes plain card fields, not Adyen-encrypted ones');
  const digits = cardDigits(method.number);
  const card = digits ? sandboxCardByNumber(digits) : undefined;
  if (!card) return { known: false, reason: digits && passesLuhn(digits) ? 'unknown_card' : 'invalid_card_number' };
  const facts = sandboxCardFacts(card, {
    expiryMonth: method.expiryMonth,
    expiryYear: method.expiryYear,
    holderName: method.holderName,
  });
  if (!isValidExpiry(method.expiryMonth, method.expiryYear))
    return { known: true, card, facts, decline: 'invalid_expiry' };
  if (isExpired(method.expiryMonth, method.expiryYear, today))
    return { known: true, card, facts, decline: 'expired_card' };
  if (method.holderName.trim() === DECLINING_HOLDER_NAME) return { known: true, card, facts, decline: 'declined' };
  return { known: true, card, facts };
}
