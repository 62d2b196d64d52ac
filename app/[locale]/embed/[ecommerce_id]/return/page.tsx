import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { parseEmbedFlags } from '@/lib/embed/embed-flags';
import { embedPath } from '../../../[payment_link_id]/checkout-paths';
import { returnDestination } from '../../../[payment_link_id]/returned-payment';
import type { EmbedProps } from '../page';

/**
 * Where 3-D Secure and the bank send the framed customer back (the embed's
 * return URL, with its flags and the processor's `redirectResult`). Finishes the session's waiting attempt once,
 * like the payment link's return page (returned-payment.ts), then stays in the
 * frame: paid to the embed (the receipt, `success`), declined or failed to its
 * failure page (`declined`), anything else to the embed, which also answers an
 * unknown session (`embed.not_found`).
 */
export default async function EmbedReturnPage({ params, searchParams }: EmbedProps) {
  await connection();
  const { locale, ecommerce_id: id } = await params;
  const query = await searchParams;
  const flags = parseEmbedFlags(query);
  redirect((await returnDestination({ kind: 'embed', flags }, locale, id, query)) ?? embedPath(locale, id, '', flags));
}
