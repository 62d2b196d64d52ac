import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { z } from 'zod';
import { hostedCheckoutState, hostedFinishReturn } from '@/lib/core/hosted-checkout/hosted-payments';
import { parseEmbedFlags } from '@/lib/embed/embed-flags';
import { checkoutDestinations } from '../../../[payment_link_id]/checkout-paths';
import type { EmbedProps } from '../page';

const noRedirects = { success: null, failure: null, cancel: null };

/**
 * Where 3-D Secure and the bank send the framed customer back (the embed's
 * return URL, with its flags and `transaction_id`). Finishes the attempt once,
 * like the payment link's return page, then stays in the frame: paid to the
 * embed (the receipt, `success`), declined or failed to its failure page
 * (`declined`), anything else to the embed.
 */
export default async function EmbedReturnPage({ params, searchParams }: EmbedProps) {
  await connection();
  const { locale, ecommerce_id: id } = await params;
  const query = Object.fromEntries(Object.entries(await searchParams).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const flags = parseEmbedFlags(query);
  const transactionId = z.uuid().safeParse(query.transaction_id);
  if (transactionId.success) {
    // What the processor sent back, without the embed's own flags.
    const payload = { ...query };
    for (const name of ['transaction_id', 'hpb', 'hsc', 'method']) delete payload[name];
    await hostedFinishReturn(id, transactionId.data, payload);
  }
  const { checkout, state } = await hostedCheckoutState(id, 'ecommerce');
  const to = checkoutDestinations({ kind: 'embed', flags }, locale, checkout ?? { id, redirects: noRedirects });
  const latest = checkout && transactionId.success && checkout.latest?.id === transactionId.data ? checkout.latest : null;
  if (state !== 'paid' && latest && ['DECLINED', 'FAILED'].includes(latest.status)) redirect(to.failure);
  redirect(to.checkout);
}
