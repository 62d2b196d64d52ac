import { cardBrandName } from '@/lib/payments/card-rules/exclusion-message';

/** A card brand as people name it (cardBrandName: Visa, Mastercard, American Express), or null when none is known. */
export const brandName = (brand: string | null): string | null => (brand === null ? null : cardBrandName(brand));
