import { redirect } from 'next/navigation';
import type { Metadata } from 'next';
import { connection } from 'next/server';
import { checkoutPageData } from '../../../[payment_link_id]/checkout-state';
import { checkoutPageTitle } from '../../../page-title';
import { parseEmbedFlags } from '@/lib/embed/embed-flags';
import { embedPath } from '../../../[payment_link_id]/checkout-paths';
import { EmbedCheckout } from '../embed-checkout';
import type { EmbedProps } from '../page';

export async function generateMetadata({ params }: Pick<EmbedProps, 'params'>): Promise<Metadata> {
  const { locale, ecommerce_id: id } = await params;
  return checkoutPageTitle(locale, (await checkoutPageData(id, 'ecommerce')).checkout);
}

/** Attempts whose failure the customer is told about (and the parent, as `declined`). */
const failedStatuses = ['DECLINED', 'FAILED', 'REJECTED'];

/**
 * Where a declined or failed attempt lands inside the frame: "not taken" above
 * the form, so the customer can try another card at once, and `declined` with the
 * attempt's transactionID to the parent. In any other state (paid since, a fresh
 * session) it sends the frame to the embed, which shows what is true now.
 */
export default async function EmbedFailurePage({ params, searchParams }: EmbedProps) {
  await connection();
  const { locale, ecommerce_id: id } = await params;
  const flags = parseEmbedFlags(await searchParams);
  const { checkout, state } = await checkoutPageData(id, 'ecommerce');
  const latest = checkout?.latest;
  if (!checkout || state !== 'active' || !latest || !failedStatuses.includes(latest.status))
    redirect(embedPath(locale, id, '', flags));
  return <EmbedCheckout checkout={checkout} state={state} locale={locale} id={id} flags={flags} declined={latest.id} />;
}
