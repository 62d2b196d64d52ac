import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { isSandbox } from '@/lib/config';
import { parseEmbedFlags } from '@/lib/embed/embed-flags';
import { stageMessage } from '@/lib/embed/embed-protocol';
import { pageStage } from '@/lib/embed/page-stage';
import { embedPath } from '../../../[payment_link_id]/checkout-paths';
import { checkoutPageData } from '../../../[payment_link_id]/checkout-state';
import { CheckoutSummary } from '../../../[payment_link_id]/checkout-summary';
import { WalletSheet, walletSheetQuery } from '../../../[payment_link_id]/wallet-entry/wallet-sheet';
import { EmbedBridge } from '../embed-bridge';
import type { EmbedProps } from '../page';

/** The sheet is a step of the embedded checkout: its title. */
export { generateMetadata } from '../page';

/** The sandbox wallet's sheet inside the embed's frame, with the embed's bridge as on its checkout. */
export default async function EmbedWalletPage({ params, searchParams }: EmbedProps) {
  await connection();
  const { locale, ecommerce_id: id } = await params;
  const query = await searchParams;
  const flags = parseEmbedFlags(query);
  const back = embedPath(locale, id, '', flags);
  const sheet = walletSheetQuery(query);
  const { checkout, state } = await checkoutPageData(id, 'ecommerce');
  if (!isSandbox() || !sheet || !checkout || state !== 'active') redirect(back);
  return (
    <main className="checkout narrow embed" data-state="wallet" data-testid="embed">
      <EmbedBridge sessionId={id} message={stageMessage(pageStage(checkout, state, undefined, flags.moto))} />
      <CheckoutSummary checkout={checkout} locale={locale} />
      <WalletSheet
        checkout={checkout}
        locale={locale}
        surface={{ kind: 'embed', flags }}
        sheet={sheet}
        backHref={back}
      />
    </main>
  );
}
