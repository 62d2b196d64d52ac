import { cardBrandLabels } from '@/lib/payments/card-rules/exclusion-message';
import type { CardBrand } from '@/lib/payments/processor/port';

/** A card brand as people name it (Visa, Mastercard, American Express), never the enum; brand names are not translated. */
export const cardBrandName = (brand: string | null | undefined): string =>
  (brand && cardBrandLabels[brand as CardBrand]) || brand || '';
