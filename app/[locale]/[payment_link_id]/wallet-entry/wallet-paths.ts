import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { embedPath } from '../checkout-paths';
import type { CheckoutSurface } from '../checkout-surface';

/** What the sandbox wallet's confirmation page shows: the card chosen, and the surcharge to confirm or the refusal. */
export type WalletStep = {
  wallet: string;
  card: string;
  covered: readonly string[];
  surcharge?: number;
  total?: number;
  refused?: boolean;
};

/** The confirmation page of the sandbox wallet (`/{id}/wallet`, or the embed's `/embed/{id}/wallet` with its flags). */
export function walletStepPath(surface: CheckoutSurface, locale: string, id: string, step: WalletStep): string {
  const query: Record<string, string> = { wallet: step.wallet, card: step.card };
  if (step.surcharge !== undefined) query.surcharge = String(step.surcharge);
  if (step.total !== undefined) query.total = String(step.total);
  if (step.refused) query.refused = '1';
  const params = new URLSearchParams(query);
  for (const link of step.covered) params.append('covered', link);
  if (surface.kind === 'embed') {
    const path = embedPath(locale, id, 'wallet', surface.flags, query);
    const extra = step.covered.map((link) => `covered=${encodeURIComponent(link)}`).join('&');
    return extra ? `${path}&${extra}` : path;
  }
  return `${getPathname({ href: `/${id}/wallet`, locale: locale as Locale })}?${params.toString()}`;
}
