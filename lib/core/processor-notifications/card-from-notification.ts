import type { CardFacts } from '@/lib/payments/processor';
import { cardFactsFromPayment } from '@/lib/payments/processor/adyen/adyen-card-facts';
import { encodeStoredCardToken } from '@/lib/payments/processor/adyen/adyen-token';
import type { NotificationItem } from './notification-item';
import type { NotificationProcessor } from './store-notifications';

/**
 * The card facts an AUTHORISATION item carries in additionalData, over what the row already knows: the same fields,
 * read the same way, as in Adyen's answer to the payment (cardFactsFromPayment: cardBin or issuerBin, cardSummary,
 * paymentMethod, cardIssuingCountry or issuerCountry, fundingSource, isCardCommercial, cardHolderName, expiryDate
 * "8/2028"). The sandbox's notifications use Adyen's names.
 */
export function cardFromNotification(item: NotificationItem, known: CardFacts): CardFacts {
  // A row that knows no brand yet ('') leaves it to the item, or to the BIN.
  return cardFactsFromPayment(item.additionalData, undefined, { ...known, brand: known.brand || undefined });
}

/**
 * The stored-card token of an AUTHORISATION that stored the card: Adyen's
 * shopper reference and stored payment method id (as adyen-token.ts encodes
 * them), or the sandbox's own token.
 */
export function storedCardTokenOf(item: NotificationItem, processor: NotificationProcessor): string | undefined {
  const data = item.additionalData;
  const id = data['tokenization.storedPaymentMethodId'] ?? data['recurring.recurringDetailReference'];
  if (!id) return undefined;
  if (processor === 'sandbox') return id;
  const shopperReference = data['tokenization.shopperReference'] ?? data['recurring.shopperReference'];
  return shopperReference ? encodeStoredCardToken({ shopperReference, storedPaymentMethodId: id }) : undefined;
}
