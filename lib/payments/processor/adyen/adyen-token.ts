import { ProcessorError } from '../port';

/**
 * Adyen charges a stored card with two values (the shopper reference and the
 * storedPaymentMethodId), while the port keeps one opaque token: the token is
 * both, base64url-encoded behind a prefix. Neither value is card data.
 */
const PREFIX = 'adyen_tok_';
type Stored = { shopperReference: string; storedPaymentMethodId: string };

export function encodeStoredCardToken(stored: Stored): string {
  return (
    PREFIX + Buffer.from(JSON.stringify([stored.shopperReference, stored.storedPaymentMethodId])).toString('base64url')
  );
}

export function decodeStoredCardToken(token: string): Stored {
  try {
    if (!token.startsWith(PREFIX)) throw new Error('prefix');
    const [shopperReference, storedPaymentMethodId] = JSON.parse(
      Buffer.from(token.slice(PREFIX.length), 'base64url').toString('utf8'),
    ) as unknown[];
    if (
      typeof shopperReference !== 'string' ||
      typeof storedPaymentMethodId !== 'string' ||
      !shopperReference ||
      !storedPaymentMethodId
    )
      throw new Error('shape');
    return { shopperReference, storedPaymentMethodId };
  } catch {
    throw new ProcessorError('malformed Adyen stored-card token');
  }
}
