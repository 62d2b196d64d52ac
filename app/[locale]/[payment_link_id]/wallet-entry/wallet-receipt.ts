import { getTranslations } from 'next-intl/server';
import { cardViaWallet } from '@/lib/payments/wallet-names';

/** "Visa ending 1111 via Apple Pay": a receipt page's card line with the wallet it was paid from, when there is one. */
export async function withWallet(card: string, wallet: string | null): Promise<string> {
  const t = await getTranslations('Wallet');
  return cardViaWallet(card, wallet, (words) => t('receiptVia', words));
}
