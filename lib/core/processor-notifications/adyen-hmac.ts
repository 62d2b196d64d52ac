import { createHmac, timingSafeEqual } from 'node:crypto';

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

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * Adyen's signing string for a standard notification item: eight values in a
 * fixed order joined by ':' (a missing one is empty), nothing escaped:
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success
 */
export function signingString(item: SignedFields): string {
  return [item.pspReference, item.originalReference, item.merchantAccountCode, item.merchantReference, item.amount?.value, item.amount?.currency, item.eventCode, item.success]
    .map(text).join(':');
}

/** HMAC-SHA256 of the signing string with the key decoded from hex, in base64 (what additionalData.hmacSignature holds). */
export function adyenHmacSignature(item: SignedFields, hexKey: string): string {
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(signingString(item), 'utf8').digest('base64');
}

/** Whether `signature` is the item's signature under the key; compared in constant time. */
export function isValidAdyenSignature(item: SignedFields, signature: unknown, hexKey: string): boolean {
  if (typeof signature !== 'string' || !hexKey || !/^([0-9a-fA-F]{2})+$/.test(hexKey)) return false;
  const expected = Buffer.from(adyenHmacSignature(item, hexKey), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
