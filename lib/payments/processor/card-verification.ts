import { ProcessorError, type AuthoriseResult, type CardVerification } from './port';

/**
 * A zero-value authorisation's answer, read as a card verification (port.ts CardVerification). Both adapters send it
 * as an authorisation that stores the card, so it answers as one: Authorised with the stored card's token is
 * `verified`; a refusal is `declined`; 3-D Secure is the `challenge`. Adyen documents only Authorised, Refused or
 * Error for a card verification (docs.adyen.com/payment-methods/cards/bin-data-and-card-verification): a `received`
 * answer, or Authorised without a token (the card was checked but not stored), cannot replace a card, and says so.
 */
export function cardVerificationOf(result: AuthoriseResult, reference: string): CardVerification {
  switch (result.status) {
    case 'authorised':
      if (!result.storedCardToken)
        throw new ProcessorError(`the card verification ${reference} was authorised but no card was stored`);
      return {
        status: 'verified',
        providerReference: result.providerReference,
        card: result.card,
        storedCardToken: result.storedCardToken,
      };
    case 'declined':
      return {
        status: 'declined',
        providerReference: result.providerReference,
        reason: result.reason,
        ...(result.card ? { card: result.card } : {}),
      };
    case 'challenge':
      return result;
    case 'received':
      throw new ProcessorError(`the card verification ${reference} got no final answer (${result.providerReference})`);
  }
}

/** The answer after 3-D Secure: final, never a second challenge. */
export function finalCardVerification(result: CardVerification, reference: string) {
  if (result.status === 'challenge')
    throw new ProcessorError(`a second challenge was asked for the card verification ${reference}`);
  return result;
}
