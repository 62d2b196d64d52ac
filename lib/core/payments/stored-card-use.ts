import type { StoredCardUse } from '@/lib/payments/processor';

/**
 * What a card stored at checkout is for, which the processor is told with
 * the first payment (Adyen's recurringProcessingModel, adyen-requests.ts):
 * - a group member's own tick stores it to collect their remaining
 *   instalments on their due dates (settle-member-payment.ts turns on
 *   automatic collection on exactly this condition): a fixed schedule,
 *   `scheduled`;
 * - any other stored card ("for future payments on this booking", or a card
 *   the link forces to be stored, which is no consent to a schedule) is
 *   charged when the merchant chooses: `unscheduled`. A scheduled payment
 *   created for it later names its own use when it is charged.
 */
export function storedCardUseOf(link: {
  groupMemberId: string | null;
  options: { store_card_forced: boolean; hide_store_card: boolean };
}): StoredCardUse {
  return link.groupMemberId && !link.options.store_card_forced && !link.options.hide_store_card
    ? 'scheduled'
    : 'unscheduled';
}
