import type { CardBrand, CardFacts } from '@/lib/payments/processor';
import { encodeStoredCardToken } from '@/lib/payments/processor/adyen/adyen-token';
import type { NotificationItem } from './notification-item';
import type { NotificationProcessor } from './store-notifications';

const brands: Record<string, CardBrand> = { visa: 'VISA', mc: 'MASTER', amex: 'AMEX' };

/**
 * The card facts an AUTHORISATION item carries in additionalData (Adyen's
 * cardSummary, cardBin, paymentMethod, issuerCountry, fundingSource,
 * cardHolderName, expiryDate "8/2028"), over what the row already knows.
 */
export function cardFromNotification(item: NotificationItem, known: CardFacts): CardFacts {
  const data = item.additionalData;
  const brand = brands[(data.paymentMethod ?? '').split('_')[0]!.toLowerCase()];
  const [month, year] = (data.expiryDate ?? '').split('/').map(Number);
  return {
    ...known,
    ...(brand ? { brand } : {}),
    ...(data.cardSummary ? { lastFour: data.cardSummary } : {}),
    ...(data.cardBin ? { bin: data.cardBin } : {}),
    ...(data.issuerCountry ? { issuingCountry: data.issuerCountry } : {}),
    ...(data.fundingSource
      ? { funding: data.fundingSource.toUpperCase() === 'DEBIT' ? ('debit' as const) : ('credit' as const) }
      : {}),
    ...(data.cardHolderName ? { holderName: data.cardHolderName } : {}),
    ...(month && year ? { expiryMonth: month, expiryYear: year } : {}),
  };
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
