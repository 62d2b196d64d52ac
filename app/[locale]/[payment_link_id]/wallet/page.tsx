import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { isSandbox } from '@/lib/config';
import { checkoutPath } from '../checkout-paths';
import { checkoutPageData } from '../checkout-state';
import { CheckoutSummary } from '../checkout-summary';
import { WalletSheet, walletSheetQuery } from '../wallet-entry/wallet-sheet';

type Props = {
  params: Promise<{ locale: string; payment_link_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The sheet is a step of the link's checkout: the checkout's title. */
export { generateMetadata } from '../page';

/** The sandbox wallet's sheet for a payment link (wallet-sheet.tsx); anything else sends the customer to the link. */
export default async function WalletPage({ params, searchParams }: Props) {
  await connection();
  const { locale, payment_link_id: id } = await params;
  const back = checkoutPath(locale, id);
  const sheet = walletSheetQuery(await searchParams);
  const { checkout, state } = await checkoutPageData(id);
  if (!isSandbox() || !sheet || !checkout || state !== 'active') redirect(back);
  return (
    <main className="checkout narrow" data-testid="checkout" data-state="wallet">
      <CheckoutSummary checkout={checkout} locale={locale} />
      <WalletSheet checkout={checkout} locale={locale} sheet={sheet} backHref={back} />
    </main>
  );
}
