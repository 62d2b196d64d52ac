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
  /** `note`: on a link whose rules need the card, that its surcharge, if any, is shown before anything is taken. */
  text: { heading: string; refused: string; note?: string };
};

/** What the wallet's sheet asks for: the checkout's amount, or the total with a surcharge the customer was shown. */
type Charge = { value: number; acceptedSurcharge?: number };
type Notice = { kind: 'refused' | 'confirm'; text: string };

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
  const [notice, setNotice] = useState<Notice | null>(null);
  const [charge, setCharge] = useState<Charge>({ value: amount.value });
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
        ...(charge.acceptedSurcharge !== undefined ? { acceptedSurcharge: String(charge.acceptedSurcharge) } : {}),
        ...(embedFlags ? { surface: 'embed', embedFlags: embedQuery(embedFlags).slice(1) } : {}),
      });
      if (state.ok) window.location.assign(state.destination);
      else if ('confirm' in state) {
        // The card carries a surcharge (or another one): the sheet opens again at the total shown (wallet-decision.ts).
        setNotice({ kind: 'confirm', text: state.message });
        setCharge({ value: state.confirm.total, acceptedSurcharge: state.confirm.surcharge });
      } else setNotice({ kind: 'refused', text: state.message ?? text.refused });
      return state.ok;
    };
    import('./adyen-wallet-mount')
      .then(({ availableWallets }) =>
        availableWallets(candidates, { ...adyen, locale, amount: { ...amount, value: charge.value }, wallets }, pay),
      )
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
  }, [charge]); // eslint-disable-line react-hooks/exhaustive-deps

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
      {text.note && <p className="muted">{text.note}</p>}
      {notice && (
        <p className={notice.kind === 'refused' ? 'field-error' : 'notice'} role="alert" data-testid="wallet-notice">
          {notice.text}
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
