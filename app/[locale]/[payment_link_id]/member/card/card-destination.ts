import type { CardReplaceOutcome } from '@/lib/core/groups/member-card-replace';
import { memberCardPath, memberPagePath } from '../member-paths';

/** Where the member goes after an answer: the member page with the new card, or this page again with why not. */
export function replaceDestination(
  locale: string,
  linkId: string,
  outcome: Exclude<CardReplaceOutcome, { result: 'challenge' }>,
): string {
  switch (outcome.result) {
    case 'card_replaced':
      return `${memberPagePath(locale, linkId)}?${new URLSearchParams({ result: 'card_replaced', brand: outcome.brand, last4: outcome.lastFour })}`;
    case 'confirm_surcharge':
      // Amounts only (never the card): the page shows them and asks for the card again, with the surcharge accepted.
      return `${memberCardPath(locale, linkId)}?${new URLSearchParams({ confirm: String(outcome.surcharge), total: String(outcome.total) })}`;
    case 'not_found':
      return `${memberPagePath(locale, linkId)}?result=not_found`;
    default:
      return `${memberCardPath(locale, linkId)}?error=${outcome.result}`;
  }
}

/** An amount the destinations above put in an address (`confirm`, `total`, the return's `s`), or null: whole minor units. */
export const amountParam = (value: unknown): number | null =>
  typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : null;
