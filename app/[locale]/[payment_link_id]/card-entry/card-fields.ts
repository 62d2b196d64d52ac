import type { CardCheck } from '@/lib/core/hosted-checkout/card-check';
import type { CardEntryError } from '@/lib/payments/card-entry';

/**
 * The interface of card entry: what the pay form (card-form.tsx) knows of the
 * card fields, whichever runs (the sandbox's own fields, or Adyen's Card
 * component in production). Kept small so either can stand behind it:
 *
 *  - card known:  `onCardKnown(check)` once the card is identified — its facts
 *                 (brand, funding, class, issuing country, last four) and the
 *                 link's rules for it, asked of the server; `null` when the card
 *                 is no longer known (the number was changed or cleared);
 *  - valid:       `onValidChange(valid)` whenever the fields become (in)complete;
 *  - submit:      the fields live inside the pay form and post with it (named
 *                 inputs, or hidden inputs holding adyen-web's encrypted fields);
 *                 `beforeSubmit()` on the handle lets the fields stop a post they
 *                 know is incomplete and show their own messages.
 *
 * The fields never send a card number anywhere but the pay form's own post
 * (sandbox only); the card check sends at most the BIN and last four, or
 * adyen-web's encrypted number.
 */
export type CardFieldsProps = {
  linkId: string;
  /** A group member's other links paid with this one: the card check quotes their total. */
  covered?: string[];
  /** Typing mistakes the server found (sandbox fields). */
  fieldErrors: readonly CardEntryError[];
  onCardKnown: (check: CardCheck | null) => void;
  onValidChange: (valid: boolean) => void;
  /**
   * Who answers "the card is known": the hosted pages' card check (card-check-action.ts) unless another
   * surface of the same fields gives its own (the back office's virtual terminal asks as the signed-in staff member).
   */
  check?: (request: CardCheckRequest) => Promise<CardCheck>;
};

/** What the fields send to learn a card's facts: the BIN and last four, or adyen-web's encrypted number. */
export type CardCheckRequest = {
  linkId: string;
  covered?: string[];
  bin?: string;
  lastFour?: string;
  encryptedCardNumber?: string;
};

export type CardFieldsHandle = {
  /** False stops the pay form's post (the fields show why). */
  beforeSubmit: () => boolean;
  /** Empties the fields ("use another card"). */
  clear: () => void;
};
