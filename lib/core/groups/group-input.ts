import { z } from 'zod';
import { currencyCodes } from '../enums';
import { dateOrDateTime } from '../shared/dates';
import { minorUnits } from '../shared/money-schema';

/** At most 12 instalments per group (service-interface.md, Limits). */
export const MAX_INSTALMENTS = 12;
/** A group's members per request: far above any real trip, small enough for one transaction. */
export const MAX_MEMBERS = 500;

export const memberInput = z.object({
  customer_name: z.string().trim().min(1).max(255),
  amount: minorUnits(),
  email: z.email().max(320).optional(),
});

export const instalmentInput = z.object({
  amount: minorUnits(),
  due_at: dateOrDateTime,
});

/**
 * PUT /agent/payment-link-groups with the interface's defaults. Rules across
 * fields (ascending due dates, sums, booking) are in validate-group.ts.
 */
export const createGroupSchema = z.object({
  organisation: z.string().trim().min(1),
  lead_name: z.string().trim().min(1).max(255),
  lead_email: z.email().max(320),
  members: z.array(memberInput).max(MAX_MEMBERS).default([]),
  installments: z.array(instalmentInput).max(MAX_INSTALMENTS).default([]),
  members_locked: z.boolean().default(false),
  installments_locked: z.boolean().default(false),
  name: z.string().trim().min(1).max(255).optional(),
  booking_id: z.uuid().optional(),
  booking_reference: z.string().trim().min(1).max(255).optional(),
  gross_amount: minorUnits({ min: 0 }).optional(),
  currency: z.enum(currencyCodes).default('GBX'),
  description: z.string().trim().max(500).optional(),
  expires_at: dateOrDateTime.optional(),
  open_banking_enabled: z.boolean().default(false),
  card_enabled: z.boolean().default(true),
  /** Extension: email the leader their portal_url now (overrides the organisation setting `send_leader_portal_link`, on by default). */
  send_portal_link: z.boolean().optional(),
});

export type CreateGroupInput = z.output<typeof createGroupSchema>;
export type MemberInput = z.output<typeof memberInput>;
export type InstalmentInput = z.output<typeof instalmentInput>;

export const groupIdParams = z.object({ payment_link_group_id: z.uuid() });
