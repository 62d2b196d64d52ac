'use client';

import { useEffect, useRef, useState } from 'react';
import type { AdyenEnvironment } from '@/lib/config';
import type { WalletKind } from '@/lib/payments/processor/port';
import type { WalletClientConfig } from '@/lib/payments/wallet-config';
import { embedQuery, type EmbedFlags } from '@/lib/embed/embed-flags';
import { payWalletTokenAction } from './wallet-actions';
import { walletCandidates } from './wallet-candidates';

type Mounted = Awaited<ReturnType<typeof import('./adyen-wallet-mount').availableWallets>>;

export type AdyenWalletProps = {
  linkId: string;
  locale: string;
  covered: readonly string[];
  /** The embed's flags (posted back so the payment goes to the embed's pages), or none on the link's page. */
  embedFlags: EmbedFlags | null;
  adyen: { clientKey: string; environment: AdyenEnvironment; countryCode: string };
  amount: { value: number; currency: string };
  wallets: WalletClientConfig;
  text: { heading: string; refused: string };
};

/**
 * Apple Pay and Google Pay in production, once the page's shell (adyen-wallet-buttons.tsx) found a wallet that
 * may pay on this device: adyen-web's wallet chunk is imported and each wallet's isAvailable() decides whether
 * its button shows (adyen-wallet-mount.ts).
 */
export function AdyenWalletLive({
  linkId,
  locale,
  covered,
  embedFlags,
  adyen,
  amount,
  wallets,
  text,
}: AdyenWalletProps) {
  const [available, setAvailable] = useState<WalletKind[]>([]);
  const [refused, setRefused] = useState(false);
  const mounted = useRef<Mounted | null>(null);
  const containers = useRef<Partial<Record<WalletKind, HTMLDivElement | null>>>({});

  useEffect(() => {
    const candidates = walletCandidates(wallets);
    if (candidates.length === 0) return;
    let cancelled = false;
    const pay = async (wallet: WalletKind, token: string) => {
      const state = await payWalletTokenAction({
        linkId,
        locale,
        covered: [...covered],
        wallet,
        token,
        ...(embedFlags ? { surface: 'embed', embedFlags: embedQuery(embedFlags).slice(1) } : {}),
      });
      if (state.ok) window.location.assign(state.destination);
      else setRefused(true);
      return state.ok;
    };
    import('./adyen-wallet-mount')
      .then(({ availableWallets }) => availableWallets(candidates, { ...adyen, locale, amount, wallets }, pay))
      .then((found) => {
        if (cancelled) return found.unmount();
        mounted.current = found;
        setAvailable(found.available);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      mounted.current?.unmount();
      mounted.current = null;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    for (const wallet of available) {
      const container = containers.current[wallet];
      if (container) mounted.current?.mount(wallet, container);
    }
  }, [available]);

  if (available.length === 0) return null;
  return (
    <section aria-labelledby="wallet-heading" data-testid="wallet">
      <h2 id="wallet-heading">{text.heading}</h2>
      {refused && (
        <p className="field-error" role="alert">
          {text.refused}
        </p>
      )}
      {available.map((wallet) => (
        <div
          key={wallet}
          ref={(element) => {
            containers.current[wallet] = element;
          }}
          data-testid={`wallet-${wallet}`}
        />
      ))}
    </section>
  );
}
