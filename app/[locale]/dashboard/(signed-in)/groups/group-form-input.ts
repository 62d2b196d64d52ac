import { z } from 'zod';
import { autoCollectBody } from '@/lib/core/groups/turn-off-auto-collect';
import { createGroupSchema } from '@/lib/core/groups/group-input';
import { checked, listOf, minorFromMajor, text, type FormValues } from '../collect-form-input';

/** The create form's repeated rows: one value per row in each list (a blank row posts blanks and is dropped). */
export const groupLists = [
  'member_name',
  'member_email',
  'member_amount',
  'instalment_amount',
  'instalment_due',
] as const;

const rows = (values: FormValues, names: readonly string[]) => {
  const columns = names.map((name) => listOf(values[name]));
  const length = Math.max(0, ...columns.map((column) => column.length));
  return Array.from({ length }, (_, i) => columns.map((column) => column[i] ?? '')).filter((row) =>
    row.some((cell) => cell.trim() !== ''),
  );
};

/** The create form's fields as the API's PUT /agent/payment-link-groups body, without `organisation`. */
export function groupBodyFrom(values: FormValues) {
  const sendPortal = text(values.send_portal_link);
  return {
    lead_name: text(values.lead_name),
    lead_email: text(values.lead_email),
    name: text(values.name),
    booking_reference: text(values.booking_reference),
    booking_id: text(values.booking_id),
    gross_amount: minorFromMajor(values.gross_amount),
    currency: text(values.currency),
    description: text(values.description),
    expires_at: text(values.expires_at),
    card_enabled: checked(values.card_enabled),
    open_banking_enabled: checked(values.open_banking_enabled),
    members_locked: checked(values.members_locked),
    installments_locked: checked(values.installments_locked),
    // "The organisation's setting" posts nothing: the API's default applies.
    send_portal_link: sendPortal === 'yes' ? true : sendPortal === 'no' ? false : undefined,
    members: rows(values, ['member_name', 'member_email', 'member_amount']).map(([name, email, amount]) => ({
      customer_name: text(name),
      email: text(email),
      amount: minorFromMajor(amount),
    })),
    installments: rows(values, ['instalment_amount', 'instalment_due']).map(([amount, due]) => ({
      amount: minorFromMajor(amount),
      due_at: text(due),
    })),
  };
}

export const createGroupForm = z.preprocess(
  (values) => groupBodyFrom(values as FormValues),
  createGroupSchema.omit({ organisation: true }),
);

export const groupIdForm = z.object({ id: z.uuid() });

/** Turning a member's automatic collection off: the API's body with `enabled: false`, the only change it allows. */
export const autoCollectOffForm = z.preprocess(
  (values) => ({ ...(values as FormValues), body: { enabled: false } }),
  z.object({ id: z.uuid(), member: z.uuid(), body: autoCollectBody }),
);
