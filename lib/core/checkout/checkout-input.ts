import { z } from 'zod';
import type { CheckoutOptions } from '@/lib/db/schema';
import { currencyCodes } from '../enums';
import { dateOrDateTime } from '../shared/dates';
import { minorUnits } from '../shared/money-schema';
import { publicUrl } from '../shared/public-url';

/** Only http(s) redirect targets (https in production), never with user@host: never javascript:, data: or relative paths. */
export const redirectUrl = publicUrl();

/**
 * The fields a payment link and an ecommerce session share (docs/service-interface.md
 * lists the same options for both), with the interface's defaults.
 */
export const checkoutFields = {
  organisation: z.string().trim().min(1),
  customer_name: z.string().trim().min(1).max(255),
  email: z.email().max(320),
  amount: minorUnits(),
  currency: z.enum(currencyCodes).default('GBX'),
  booking_id: z.uuid().optional(),
  customer_id: z.uuid().optional(),
  description: z.string().trim().max(500).optional(),
  open_banking_enabled: z.boolean().default(false),
  card_enabled: z.boolean().default(true),
  expires_at: dateOrDateTime.optional(),
  authorisation_only: z.boolean().default(false),
  surcharging_enabled: z.boolean().default(true),
  dcc_enabled: z.boolean().default(false),
  excluded_card_types: z
    .array(z.enum(['AMEX', 'VISA', 'MASTER']))
    .max(3)
    .default([]),
  excluded_card_regions: z
    .array(z.enum(['DOMESTIC', 'INTER', 'INTRA']))
    .max(3)
    .default([]),
  hide_store_card: z.boolean().default(false),
  store_card_forced: z.boolean().default(false),
  /** Ecommerce sessions only (docs/api-extensions.md): the embed's MOTO flag may take a MOTO payment on this session. */
  moto_enabled: z.boolean().default(false),
  success_url: redirectUrl.optional(),
  failure_url: redirectUrl.optional(),
  cancel_url: redirectUrl.optional(),
};

export const checkoutInput = z.object(checkoutFields);
export type CheckoutInput = z.output<typeof checkoutInput>;

export function checkoutOptionsFrom(input: CheckoutInput): CheckoutOptions {
  return {
    authorisation_only: input.authorisation_only,
    surcharging_enabled: input.surcharging_enabled,
    dcc_enabled: input.dcc_enabled,
    excluded_card_types: [...new Set(input.excluded_card_types)],
    excluded_card_regions: [...new Set(input.excluded_card_regions)],
    hide_store_card: input.hide_store_card,
    store_card_forced: input.store_card_forced,
    moto_enabled: input.moto_enabled,
  };
}
