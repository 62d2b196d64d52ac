import { cardBrandLabels } from '@/lib/payments/card-rules/exclusion-message';
import type { CardBrand } from '@/lib/payments/processor/port';

/** A card brand as people name it (Visa, Mastercard, American Express: the same in every language), never its enum. */
export const brandName = (brand: string | null): string | null =>
  brand === null ? null : (cardBrandLabels[brand as CardBrand] ?? brand);
