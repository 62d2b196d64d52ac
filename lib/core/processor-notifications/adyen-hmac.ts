import HmacValidator from '@adyen/api-library/lib/src/utils/hmacValidator';
import type { NotificationRequestItem } from '@adyen/api-library/lib/src/typings/notification/models';

/** The fields of a NotificationRequestItem that Adyen signs (docs.adyen.com, "Verify HMAC signatures"). */
export type SignedFields = {
  pspReference?: unknown;
  originalReference?: unknown;
  merchantAccountCode?: unknown;
  merchantReference?: unknown;
  amount?: { value?: unknown; currency?: unknown } | null;
  eventCode?: unknown;
  success?: unknown;
};

/**
 * Adyen's own validator (@adyen/api-library's HmacValidator), imported alone:
 * the library's root module loads every API service (about 0.6 s), this file
 * loads only its constants.
 */
const validator = new HmacValidator();

/**
 * The item as the library reads it. It joins the eight signed values
 * (pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success,
 * a missing one empty) but dereferences `amount` unguarded, so an item without one
 * gets an empty amount here: its signing string is the same, and it cannot throw.
 */
function libraryItem(item: SignedFields): NotificationRequestItem {
  return { ...item, amount: item.amount ?? {} } as unknown as NotificationRequestItem;
}

/** Adyen's signing string for a standard notification item. */
export function signingString(item: SignedFields): string {
  return validator.getDataToSign(libraryItem(item));
}

/** HMAC-SHA256 of the signing string with the key decoded from hex, in base64 (what additionalData.hmacSignature holds). */
export function adyenHmacSignature(item: SignedFields, hexKey: string): string {
  return validator.calculateHmac(signingString(item), hexKey);
}

/**
 * Whether `signature` is the item's signature under the key, compared in
 * constant time by the library. A key that is not hex would decode to some
 * other key without complaint, so it verifies nothing.
 */
export function isValidAdyenSignature(item: SignedFields, signature: unknown, hexKey: string): boolean {
  if (typeof signature !== 'string' || !signature || !hexKey || !/^([0-9a-fA-F]{2})+$/.test(hexKey)) return false;
  return validator.validateHMAC({ ...libraryItem(item), additionalData: { hmacSignature: signature } }, hexKey);
}
