import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { isValidAdyenSignature } from './adyen-hmac';
import { normaliseItem, type RawItem } from './notification-item';

export type NotificationProcessor = 'adyen' | 'sandbox';

/**
 * Verifies every item's HMAC signature, then stores the batch in one
 * statement: all of it or none. An item already stored (Adyen repeats a
 * notification until it is accepted) is the same row, unchanged. Answers the
 * ids of the batch's rows that still need applying ('received' or 'failed').
 * This is what the Adyen endpoint and the sandbox processor both call.
 */
export async function storeNotifications(
  db: Executor,
  processor: NotificationProcessor,
  items: readonly RawItem[],
  hmacKey: string | null,
): Promise<string[]> {
  const bad = items.findIndex(
    (item) => !hmacKey || !isValidAdyenSignature(item, item.additionalData?.hmacSignature, hmacKey),
  );
  if (bad >= 0) {
    throw new AppError(
      'notification.invalid_signature',
      hmacKey
        ? `notificationItems[${bad}] has no valid hmacSignature; nothing was stored.`
        : 'No HMAC key is configured (ADYEN_HMAC_KEY), so no notification can be verified; nothing was stored.',
    );
  }
  if (items.length === 0) return [];
  const at = now().toISOString();
  // One row per key: a batch naming an item twice stores it once (and one INSERT may not touch a row twice).
  const unique = new Map(
    items.map((raw) => {
      const item = normaliseItem(raw);
      return [`${item.pspReference}\u0000${item.eventCode}\u0000${item.success}`, { raw, item }] as const;
    }),
  );
  const values = [...unique.values()].map(({ raw, item }) => {
    return sql`(gen_random_uuid(), ${processor}, ${item.eventCode}, ${item.success}, ${item.pspReference}, ${item.originalReference}, ${item.merchantReference},
      ${item.amount}, ${item.currency}, ${item.reason}, ${item.eventDate?.toISOString() ?? null}::timestamptz, ${JSON.stringify(raw)}::jsonb, ${at}::timestamptz)`;
  });
  // "do update" with no change (rather than "do nothing") so a repeat also answers its row's id and status.
  const rows = await queryRows<{ id: string; status: string }>(
    db,
    sql`
    insert into processor_notifications (id, processor, event_code, success, psp_reference, original_reference, merchant_reference, amount, currency, reason, event_date, item, created_at)
    values ${sql.join(values, sql`, `)}
    on conflict (processor, psp_reference, event_code, success) do update set processor = excluded.processor
    returning id, status`,
  );
  return rows.filter((row) => row.status === 'received' || row.status === 'failed').map((row) => row.id);
}
