import type { WalletKind } from '@/lib/payments/processor/port';
import type { WalletClientConfig } from '@/lib/payments/wallet-config';

/**
 * The wallets that may pay on this device, known without fetching any code: Apple Pay only where the browser has
 * ApplePaySession (Safari on Apple devices), Google Pay wherever it is configured (its own isAvailable() decides
 * later). Browser only.
 */
export function walletCandidates(wallets: WalletClientConfig): WalletKind[] {
  return (['apple_pay', 'google_pay'] as const).filter((wallet) =>
    wallet === 'apple_pay' ? Boolean(wallets.applePay) && 'ApplePaySession' in window : Boolean(wallets.googlePay),
  );
}
