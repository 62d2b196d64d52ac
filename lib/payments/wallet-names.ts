import { walletKinds, type WalletKind } from './processor/port';

/** Apple Pay and Google Pay by their own names (trademarks: the same in every language). */
export const walletNames: Record<WalletKind, string> = { apple_pay: 'Apple Pay', google_pay: 'Google Pay' };

/**
 * "Visa ending 1111 via Apple Pay": a payment's card line with the wallet it was paid from, when it was one
 * (transactions.wallet); the card line alone otherwise. One rule for the receipt pages and the receipt email,
 * each giving the words of its own catalog (`via`: Wallet.receiptVia on the pages, Email receipt.cardVia).
 */
export function cardViaWallet(
  card: string,
  wallet: string | null | undefined,
  via: (words: { card: string; wallet: string }) => string,
): string {
  if (!wallet || !(walletKinds as readonly string[]).includes(wallet)) return card;
  return via({ card, wallet: walletNames[wallet as WalletKind] });
}
