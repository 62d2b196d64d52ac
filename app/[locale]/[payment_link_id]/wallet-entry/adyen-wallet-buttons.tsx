'use client';

import { useEffect, useState, type ComponentType } from 'react';
import type { AdyenWalletProps } from './adyen-wallet-live';
import { walletCandidates } from './wallet-candidates';

/**
 * Apple Pay and Google Pay in production: the shell a page carries. Nothing shows and nothing more is loaded
 * until a wallet may pay on this device; then the buttons' code (adyen-wallet-live.tsx, with its server action
 * and adyen-web's wallet chunk) is fetched. So a page whose visitor has no wallet downloads a few hundred bytes
 * for wallets, not the buttons (issue 17: the first-load JavaScript of a page without wallets does not grow).
 */
export function AdyenWalletButtons(props: AdyenWalletProps) {
  const [Live, setLive] = useState<ComponentType<AdyenWalletProps> | null>(null);
  useEffect(() => {
    if (walletCandidates(props.wallets).length === 0) return;
    import('./adyen-wallet-live').then(({ AdyenWalletLive }) => setLive(() => AdyenWalletLive)).catch(() => undefined);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return Live ? <Live {...props} /> : null;
}
