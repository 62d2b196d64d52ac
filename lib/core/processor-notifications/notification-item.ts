import { z } from 'zod';

/**
 * One Adyen standard notification item (NotificationRequestItem), checked only
 * as far as we read it: unknown fields pass through and are kept as received.
 * Adyen sends `success` as the string "true" or "false". Nothing is trimmed or
 * converted: the signature covers the values exactly as sent.
 */
const requestItem = z.looseObject({
  eventCode: z.string().min(1).max(100),
  pspReference: z.string().min(1).max(200),
  success: z.union([z.enum(['true', 'false']), z.boolean()]),
  originalReference: z.string().max(200).nullish(),
  merchantReference: z.string().max(500).nullish(),
  merchantAccountCode: z.string().max(200).nullish(),
  amount: z
    .object({ value: z.int().min(0).max(Number.MAX_SAFE_INTEGER), currency: z.string().min(1).max(10) })
    .nullish(),
  reason: z.string().max(2000).nullish(),
  eventDate: z.string().max(100).nullish(),
  additionalData: z.record(z.string(), z.unknown()).nullish(),
});

export const notificationBatchSchema = z.looseObject({
  live: z.union([z.string(), z.boolean()]).optional(),
  notificationItems: z
    .array(z.object({ NotificationRequestItem: requestItem }))
    .min(1)
    .max(1000),
});

export type RawItem = z.output<typeof requestItem>;

/** An item as stored in processor_notifications and applied. */
export type NotificationItem = {
  eventCode: string;
  success: boolean;
  pspReference: string;
  originalReference: string | null;
  merchantReference: string | null;
  amount: number | null;
  currency: string | null;
  reason: string | null;
  eventDate: Date | null;
  /** additionalData with string values only (Adyen's are strings). */
  additionalData: Record<string, string>;
  raw: Record<string, unknown>;
};

const orNull = (value: string | null | undefined) =>
  value === undefined || value === null || value === '' ? null : value;

export function normaliseItem(raw: RawItem): NotificationItem {
  const date = raw.eventDate ? new Date(raw.eventDate) : null;
  const additionalData: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw.additionalData ?? {}))
    if (typeof value === 'string') additionalData[key] = value;
  return {
    eventCode: raw.eventCode,
    success: raw.success === true || raw.success === 'true',
    pspReference: raw.pspReference,
    originalReference: orNull(raw.originalReference),
    merchantReference: orNull(raw.merchantReference),
    amount: raw.amount?.value ?? null,
    currency: raw.amount?.currency ?? null,
    reason: orNull(raw.reason),
    eventDate: date && !Number.isNaN(date.getTime()) ? date : null,
    additionalData,
    raw: raw as Record<string, unknown>,
  };
}
