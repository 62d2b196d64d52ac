import type { CardFacts } from '../port';

/**
 * The sandbox test cards of product.md section 10. Any future expiry and any
 * CVC work. A card's `profile` is its behaviour; it is what the ledger and the
 * stored-card tokens keep, never the number.
 */
export type CardBehaviour = 'approve' | 'challenge' | 'decline' | 'insufficient_funds' | 'approve_then_decline_stored';

export type SandboxCard = {
  number: string;
  profile: string;
  behaviour: CardBehaviour;
  facts: Pick<CardFacts, 'brand' | 'funding' | 'cardClass' | 'issuingCountry'>;
};

const card = (number: string, profile: string, behaviour: CardBehaviour, facts: SandboxCard['facts']): SandboxCard => ({
  number: number.replace(/\s+/g, ''),
  profile,
  behaviour,
  facts,
});

export const sandboxCards: readonly SandboxCard[] = [
  card('4111 1111 1111 1111', 'visa_gb', 'approve', {
    brand: 'VISA',
    funding: 'credit',
    cardClass: 'consumer',
    issuingCountry: 'GB',
  }),
  card('5555 5555 5555 4444', 'mc_debit_gb', 'approve', {
    brand: 'MASTER',
    funding: 'debit',
    cardClass: 'consumer',
    issuingCountry: 'GB',
  }),
  card('3700 0000 0000 002', 'amex_gb', 'approve', {
    brand: 'AMEX',
    funding: 'credit',
    cardClass: 'consumer',
    issuingCountry: 'GB',
  }),
  card('4212 3456 7891 0006', 'visa_3ds', 'challenge', {
    brand: 'VISA',
    funding: 'credit',
    cardClass: 'consumer',
    issuingCountry: 'GB',
  }),
  card('4035 5010 0000 0008', 'visa_debit_fr', 'approve', {
    brand: 'VISA',
    funding: 'debit',
    cardClass: 'consumer',
    issuingCountry: 'FR',
  }),
  card('4400 0000 0000 0008', 'visa_us', 'approve', {
    brand: 'VISA',
    funding: 'credit',
    cardClass: 'consumer',
    issuingCountry: 'US',
  }),
  card('5200 8300 0000 0007', 'mc_commercial_gb', 'approve', {
    brand: 'MASTER',
    funding: 'credit',
    cardClass: 'commercial',
    issuingCountry: 'GB',
  }),
  card('4000 0000 0000 0002', 'visa_declined', 'decline', {
    brand: 'VISA',
    funding: 'credit',
    cardClass: 'consumer',
    issuingCountry: 'GB',
  }),
  card('4000 0099 9999 9009', 'visa_insufficient_funds', 'insufficient_funds', {
    brand: 'VISA',
    funding: 'debit',
    cardClass: 'consumer',
    issuingCountry: 'GB',
  }),
  card('4000 0300 0000 0006', 'visa_stored_declines', 'approve_then_decline_stored', {
    brand: 'VISA',
    funding: 'credit',
    cardClass: 'consumer',
    issuingCountry: 'GB',
  }),
];

export function sandboxCardByNumber(digits: string): SandboxCard | undefined {
  return sandboxCards.find((c) => c.number === digits);
}

/** One of the published test cards (product.md section 10), known by its BIN's first six digits and last four. */
export function isPublishedTestCard(card: { bin: string; lastFour: string }): boolean {
  return sandboxCards.some(
    (test) => test.number.startsWith(card.bin.slice(0, 6)) && test.number.endsWith(card.lastFour),
  );
}

export function sandboxCardByProfile(profile: string): SandboxCard | undefined {
  return sandboxCards.find((c) => c.profile === profile);
}

/** What may be shown of a test card: brand, BIN (first 8), last four; the rest of CardFacts. */
export function sandboxCardFacts(card: SandboxCard, extra: Partial<CardFacts> = {}): CardFacts {
  return { ...card.facts, bin: card.number.slice(0, 8), lastFour: card.number.slice(-4), ...extra };
}

/**
 * The sandbox's BIN lookup: the test card whose first 8 digits are `bin` (every
 * test card has its own), as the card page asks before the customer pays. Only
 * the BIN is given, never the rest of the number.
 */
export function sandboxCardByBin(bin: string): SandboxCard | undefined {
  return /^\d{8}$/.test(bin) ? sandboxCards.find((c) => c.number.startsWith(bin)) : undefined;
}
