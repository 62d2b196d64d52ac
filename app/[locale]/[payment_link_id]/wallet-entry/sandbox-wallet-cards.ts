import type { PaymentMethodInput, WalletKind } from '@/lib/payments/processor/port';
import { sandboxCardByProfile, sandboxCards, type SandboxCard } from '@/lib/payments/processor/sandbox/sandbox-cards';

/*
 * The sandbox's wallet stand-in: no real wallet exists in the sandbox, so the customer picks one of the
 * published sandbox test cards (docs/checkout.md) as the card "in the wallet", and the payment goes through
 * payByCard exactly as a card would, with the wallet recorded. Server only: the number never reaches the page.
 */

/** The cards the stand-in offers: every published sandbox card, by its profile (never its number). */
export const sandboxWalletCards: readonly SandboxCard[] = sandboxCards;

/** The stand-in's payment method: the chosen test card as the wallet hands it over; null for an unknown profile. */
export function sandboxWalletMethod(profile: string, wallet: WalletKind, today: Date): PaymentMethodInput | null {
  const card = sandboxCardByProfile(profile);
  if (!card) return null;
  // A wallet hands over a card that is valid now: any future expiry works for the sandbox's cards.
  return {
    kind: 'card',
    number: card.number,
    expiryMonth: 12,
    expiryYear: today.getUTCFullYear() + 3,
    cvc: '123',
    holderName: wallet === 'apple_pay' ? 'Apple Pay (sandbox)' : 'Google Pay (sandbox)',
    wallet,
  };
}
