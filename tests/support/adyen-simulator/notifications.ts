import { createHmac } from 'node:crypto';
import type { Amount, Payment } from './state';

/**
 * Standard webhooks (notifications) as Adyen sends them: a JSON envelope
 * `{ live: "false", notificationItems: [{ NotificationRequestItem: {...} }] }` with `success` as the strings
 * "true"/"false", `eventDate` ISO with offset, and the item's HMAC in additionalData.hmacSignature
 * (shapes: src/__mocks__/notification/*.json in Adyen/adyen-node-api-library: authorisationTrue,
 * captureTrue, refundFalse...). Adyen expects the answer "[accepted]" and retries otherwise.
 *
 * Signature (docs.adyen.com/development-resources/webhooks/verify-hmac-signatures): HMAC-SHA256, with
 * the key decoded from hex, of pspReference:originalReference:merchantAccountCode:merchantReference:
 * value:currency:eventCode:success (missing values empty), in base64. Computed here on its own, not with
 * the product's verifier, so the simulator's tests can hold one against the other.
 *
 * Nothing is sent when it happens: items queue until a test calls deliverNotifications, which may send
 * them late, in reverse order, each several times, or only some (Adyen documents that webhooks can arrive
 * out of order and more than once: docs.adyen.com/development-resources/webhooks/best-practices).
 */
export type NotificationItem = {
  additionalData: Record<string, string>;
  amount: Amount;
  eventCode: string;
  eventDate: string;
  merchantAccountCode: string;
  merchantReference: string;
  originalReference?: string;
  paymentMethod?: string;
  pspReference: string;
  reason: string;
  success: 'true' | 'false';
  operations?: string[];
};

export function signItem(
  item: Omit<NotificationItem, 'additionalData'> & { additionalData?: Record<string, string> },
  hexKey: string,
): string {
  const parts = [
    item.pspReference,
    item.originalReference,
    item.merchantAccountCode,
    item.merchantReference,
    item.amount?.value,
    item.amount?.currency,
    item.eventCode,
    item.success,
  ];
  const text = parts.map((p) => (p === undefined || p === null ? '' : String(p))).join(':');
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(text, 'utf8').digest('base64');
}

export type DeliverOptions = {
  order?: 'sent' | 'reversed';
  repeat?: number;
  only?: (item: NotificationItem) => boolean;
};

export function notificationQueue(config: {
  hmacKey: string;
  merchantAccount: string;
  basicAuth?: { username: string; password: string };
}) {
  let url: string | undefined;
  let queue: NotificationItem[] = [];

  function add(fields: {
    eventCode: string;
    success: boolean;
    pspReference: string;
    merchantReference: string;
    amount: Amount;
    originalReference?: string;
    paymentMethod?: string;
    reason?: string;
    additionalData?: Record<string, string>;
    operations?: string[];
  }) {
    const base = {
      amount: fields.amount,
      eventCode: fields.eventCode,
      eventDate: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      merchantAccountCode: config.merchantAccount,
      merchantReference: fields.merchantReference,
      ...(fields.originalReference ? { originalReference: fields.originalReference } : {}),
      ...(fields.paymentMethod ? { paymentMethod: fields.paymentMethod } : {}),
      pspReference: fields.pspReference,
      reason: fields.reason ?? '',
      success: fields.success ? ('true' as const) : ('false' as const),
      ...(fields.operations ? { operations: fields.operations } : {}),
    };
    queue.push({
      ...base,
      additionalData: { ...fields.additionalData, hmacSignature: signItem(base, config.hmacKey) },
    });
  }

  async function deliver(options: DeliverOptions = {}): Promise<number[]> {
    if (!url) throw new Error('the Adyen simulator has no notificationUrl: call setNotificationUrl first');
    const chosen = queue.filter(options.only ?? (() => true));
    const ordered = options.order === 'reversed' ? [...chosen].reverse() : chosen;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (config.basicAuth)
      headers.Authorization = `Basic ${Buffer.from(`${config.basicAuth.username}:${config.basicAuth.password}`).toString('base64')}`;
    const statuses: number[] = [];
    const accepted = new Set<NotificationItem>();
    for (const item of ordered) {
      for (let i = 0; i < Math.max(1, options.repeat ?? 1); i++) {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] }),
        });
        const text = await response.text();
        statuses.push(response.status);
        if (response.ok && text.includes('[accepted]')) accepted.add(item);
      }
    }
    // Adyen retries what was not accepted: those stay queued for the next delivery.
    queue = queue.filter((item) => !accepted.has(item));
    return statuses;
  }

  /** Changes a queued item (e.g. the outcome of a Received payment) and signs it again; false when none matches. */
  function amend(
    match: (item: NotificationItem) => boolean,
    changes: Partial<Pick<NotificationItem, 'success' | 'reason' | 'amount' | 'merchantReference'>>,
  ): boolean {
    const index = queue.findIndex(match);
    if (index < 0) return false;
    const { additionalData, ...rest } = { ...queue[index]!, ...changes };
    queue[index] = { ...rest, additionalData: { ...additionalData, hmacSignature: signItem(rest, config.hmacKey) } };
    return true;
  }

  return { add, amend, deliver, queued: () => [...queue], setUrl: (next: string) => void (url = next) };
}

export type NotificationQueue = ReturnType<typeof notificationQueue>;

/** The AUTHORISATION item of a payment's outcome (fields as in authorisationTrue.json). */
export function authorisationItem(
  payment: Payment,
  success: boolean,
  reason: string,
  additionalData: Record<string, string>,
) {
  return {
    eventCode: 'AUTHORISATION',
    success,
    pspReference: payment.psp,
    merchantReference: payment.reference,
    amount: payment.amount,
    paymentMethod: payment.card?.brand ?? payment.method,
    reason,
    additionalData,
    ...(success ? { operations: payment.manualCapture ? ['CANCEL', 'CAPTURE', 'REFUND'] : ['REFUND'] } : {}),
  };
}
