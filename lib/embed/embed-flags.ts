/*
 * The query flags of the embedded checkout (product.md section 6), as the
 * merchant's page sets them on /embed/{ecommerce_id}:
 *   hpb=1                 hide the pay button (the parent pays with INITIATE_PAY)
 *   hsc=1                 hide the store-card choice
 *   method=MOTO_IN_PERSON record the payment as MOTO (a card taken in person by the agent)
 * Every embed page carries them on to the next (failure, return, the 3-D Secure
 * step), so a flag set once holds for the whole payment. Pure: pages, actions and tests share it.
 */
export type EmbedFlags = { hidePayButton: boolean; hideStoreCard: boolean; moto: boolean };

export const noEmbedFlags: EmbedFlags = { hidePayButton: false, hideStoreCard: false, moto: false };

type Query = Record<string, string | string[] | undefined> | URLSearchParams;

const read = (query: Query, name: string): string | undefined => {
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Only the exact values turn a flag on (`hpb=1`, not `hpb=true`): what the SDKs of this kind send. */
export function parseEmbedFlags(query: Query): EmbedFlags {
  return {
    hidePayButton: read(query, 'hpb') === '1',
    hideStoreCard: read(query, 'hsc') === '1',
    moto: read(query, 'method') === 'MOTO_IN_PERSON',
  };
}

/** The flags as a query string ('' or '?hpb=1&...'), in a fixed order. */
export function embedQuery(flags: EmbedFlags): string {
  const params = new URLSearchParams();
  if (flags.hidePayButton) params.set('hpb', '1');
  if (flags.hideStoreCard) params.set('hsc', '1');
  if (flags.moto) params.set('method', 'MOTO_IN_PERSON');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The transaction method the core records (payByCard's `transactionMethod`). */
export const embedTransactionMethod = (flags: EmbedFlags): 'ONLINE' | 'MOTO_IN_PERSON' =>
  flags.moto ? 'MOTO_IN_PERSON' : 'ONLINE';

/**
 * The store-card choice the embed offers: `hsc=1` hides the checkbox (nothing is
 * saved), but never overrides an organisation that forces saving (`store_card_forced`):
 * that card is saved and the page says so, as on the payment link page.
 */
export function embedStoreCardChoice<T extends 'choice' | 'hidden' | 'forced'>(
  choice: T,
  flags: EmbedFlags,
): T | 'hidden' {
  return flags.hideStoreCard && choice === 'choice' ? 'hidden' : choice;
}
