import { now } from '@/lib/clock';
import { adyenHmacSignature } from '@/lib/core/processor-notifications/adyen-hmac';
import type { RawItem } from '@/lib/core/processor-notifications/notification-item';
import { storeNotifications } from '@/lib/core/processor-notifications/store-notifications';
import type { Db } from '@/lib/db/types';
import type { CardFacts } from '../port';
import { describeErrorSafely } from '@/lib/http/safe-error-log';
import { groupWhileBusy } from '@/lib/group-while-busy';

/** The sandbox processor's notification HMAC key (hex of "travel-pay sandbox notifications"): public, sandbox only. */
export const SANDBOX_HMAC_KEY = Buffer.from('travel-pay sandbox notifications').toString('hex');
const MERCHANT_ACCOUNT = 'TravelPaySandbox';

export type SandboxItem = {
  eventCode: string;
  success: boolean;
  pspReference: string;
  originalReference?: string;
  merchantReference?: string | null;
  amount?: number | null;
  currency?: string | null;
  reason?: string;
  additionalData?: Record<string, string>;
};

const paymentMethods: Record<CardFacts['brand'], string> = { VISA: 'visa', MASTER: 'mc', AMEX: 'amex' };

/** A card's facts as Adyen puts them in an AUTHORISATION's additionalData. */
export function cardData(card: CardFacts | undefined, storedCardToken?: string): Record<string, string> {
  if (!card) return {};
  return {
    paymentMethod: paymentMethods[card.brand] ?? '',
    cardSummary: card.lastFour,
    cardBin: card.bin,
    issuerCountry: card.issuingCountry,
    fundingSource: card.funding.toUpperCase(),
    ...(card.holderName ? { cardHolderName: card.holderName } : {}),
    ...(card.expiryMonth && card.expiryYear ? { expiryDate: `${card.expiryMonth}/${card.expiryYear}` } : {}),
    ...(storedCardToken ? { 'recurring.recurringDetailReference': storedCardToken } : {}),
  };
}

/** An Adyen-shaped NotificationRequestItem, signed with the sandbox key exactly as Adyen signs its own. */
export function signedSandboxItem(item: SandboxItem): RawItem {
  const raw = {
    eventCode: item.eventCode,
    success: item.success ? 'true' : 'false',
    pspReference: item.pspReference,
    originalReference: item.originalReference ?? null,
    merchantReference: item.merchantReference ?? null,
    merchantAccountCode: MERCHANT_ACCOUNT,
    ...(item.amount !== undefined && item.amount !== null && item.currency
      ? { amount: { value: item.amount, currency: item.currency } }
      : {}),
    ...(item.reason ? { reason: item.reason } : {}),
    eventDate: now().toISOString(),
  } as const;
  return {
    ...raw,
    additionalData: { ...item.additionalData, hmacSignature: adyenHmacSignature(raw, SANDBOX_HMAC_KEY) },
  } as RawItem;
}

/**
 * The sandbox processor "sends" its notifications: signed items stored through
 * the same function the Adyen endpoint uses (verify, store once), left
 * 'received' for the runner to apply, as Adyen's arrive a moment after the
 * answer. Stored before the processor call answers; the calls that arrive
 * while one INSERT runs are stored together by the next (group commit, as
 * Adyen batches its own: a runner pass with 100 charges in flight pays one
 * INSERT per group, not per charge). A failure to store is logged and never
 * fails the processor calls (the money already moved).
 */
export async function sendSandboxNotifications(db: Db, items: SandboxItem[]): Promise<void> {
  if (items.length === 0) return;
  try {
    await storeInGroups(db)(items);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'sandbox notification not stored',
        event_codes: items.map((i) => i.eventCode),
        error: describeErrorSafely(error),
      }),
    );
  }
}

/** Calls' items stored per group, one grouping per database (tests open many). */
const grouped = new WeakMap<Db, (items: SandboxItem[]) => Promise<void>>();

function storeInGroups(db: Db): (items: SandboxItem[]) => Promise<void> {
  let store = grouped.get(db);
  if (!store) {
    store = groupWhileBusy<SandboxItem[], void>(async (calls) => {
      await storeNotifications(db, 'sandbox', calls.flat().map(signedSandboxItem), SANDBOX_HMAC_KEY);
      return calls.map(() => undefined);
    }, 50);
    grouped.set(db, store);
  }
  return store;
}

/** Our reference of a modification: the id its idempotency key starts with (`<transaction id>:capture`, `<refund id>:refund`). */
export const referenceOfKey = (idempotencyKey: string) => idempotencyKey.split(':')[0] ?? null;
