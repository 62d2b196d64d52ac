import { getTranslations } from 'next-intl/server';
import { walletKinds, type WalletKind } from '@/lib/payments/processor/port';
import { walletNames } from './sandbox-wallet-cards';

/** "Visa ending 1111 via Apple Pay": a receipt's card line with the wallet it was paid from, when there is one. */
export async function withWallet(card: string, wallet: string | null): Promise<string> {
  if (!wallet || !(walletKinds as readonly string[]).includes(wallet)) return card;
  const t = await getTranslations('Wallet');
  return t('receiptVia', { card, wallet: walletNames[wallet as WalletKind] });
}
