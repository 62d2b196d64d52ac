import { eq } from 'drizzle-orm';
import { adyenHmacSignature } from '@/lib/core/processor-notifications/adyen-hmac';
import { getDb } from '@/lib/db/client';
import { processorNotifications } from '@/lib/db/schema';
import { call } from './api-client';

/** Adyen's documented example key: the tests' ADYEN_HMAC_KEY. */
export const TEST_HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';

type ItemFields = {
  eventCode: string;
  pspReference: string;
  success?: boolean;
  originalReference?: string;
  merchantReference?: string | null;
  amount?: number;
  currency?: string;
  reason?: string;
  additionalData?: Record<string, string>;
};

/**
 * A NotificationRequestItem in the shape Adyen records in its docs and test
 * notifications (string success, eventDate with offset, operations,
 * paymentMethod, merchantAccountCode), signed with `key`.
 */
export function adyenItem(fields: ItemFields, key = TEST_HMAC_KEY) {
  const item = {
    amount: { value: fields.amount ?? 10000, currency: fields.currency ?? 'GBP' },
    eventCode: fields.eventCode,
    eventDate: '2026-11-23T12:00:00+01:00',
    merchantAccountCode: 'TravelPayECOM',
    merchantReference: fields.merchantReference ?? '',
    ...(fields.originalReference ? { originalReference: fields.originalReference } : {}),
    operations: ['CANCEL', 'CAPTURE', 'REFUND'],
    paymentMethod: 'visa',
    pspReference: fields.pspReference,
    reason: fields.reason ?? '',
    success: (fields.success === false ? 'false' : 'true') as 'true' | 'false',
  };
  return { ...item, additionalData: { ...fields.additionalData, hmacSignature: adyenHmacSignature(item, key) } };
}

export const adyenBatch = (...items: ReturnType<typeof adyenItem>[]) => ({
  live: 'false',
  notificationItems: items.map((NotificationRequestItem) => ({ NotificationRequestItem })),
});

export const postNotifications = (body: unknown, headers: Record<string, string> = {}) =>
  call('POST', '/processor/adyen/notifications', { body, headers });

/** The stored items of one PSP reference. */
export async function notificationsOf(pspReference: string) {
  return (await getDb())
    .select()
    .from(processorNotifications)
    .where(eq(processorNotifications.pspReference, pspReference));
}
