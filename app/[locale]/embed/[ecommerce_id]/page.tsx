import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { checkoutPageData } from '../../[payment_link_id]/checkout-state';
import { checkoutPageTitle } from '../../page-title';
import { parseEmbedFlags } from '@/lib/embed/embed-flags';
import { EmbedCheckout } from './embed-checkout';

export type EmbedProps = {
  params: Promise<{ locale: string; ecommerce_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Pick<EmbedProps, 'params'>): Promise<Metadata> {
  const { locale, ecommerce_id: id } = await params;
  return checkoutPageTitle(locale, (await checkoutPageData(id, 'ecommerce')).checkout);
}

/**
 * The embedded checkout of an ecommerce session (product.md section 6), the URL
 * the vendor SDK frames (`{base}/embed/{id}`). What it shows comes from the state
 * table on every request, so the SDK's re-render every 15 minutes shows a paid
 * session's receipt, never a new form. Unknown or deleted sessions answer 404 with
 * the frame's own not-found page (not-found.tsx: `embed.not_found` to the parent).
 */
export default async function EmbedPage({ params, searchParams }: EmbedProps) {
  await connection();
  const { locale, ecommerce_id: id } = await params;
  const { checkout, state } = await checkoutPageData(id, 'ecommerce');
  if (!checkout) notFound();
  return (
    <EmbedCheckout
      checkout={checkout}
      state={state}
      locale={locale}
      id={id}
      flags={parseEmbedFlags(await searchParams)}
    />
  );
}
