import { getDb } from '@/lib/db/client';
import { hostedCheckoutState } from '../hosted-checkout/hosted-payments';
import { linkQrSvg, publicLinkUrl } from './link-qr';

/**
 * The hosted QR page's one door to the data (/{id}/qr, a page never imports lib/db): the link as its checkout
 * shows it, its public address, and the QR code of that address while the link can be paid (null otherwise).
 * Nothing in it that the link's own page does not show: no token, no key.
 */
export async function hostedLinkQr(id: string) {
  const { checkout, state } = await hostedCheckoutState(id);
  if (!checkout) return null;
  const url = await publicLinkUrl(await getDb(), id);
  if (!url) return null;
  const payable = state === 'active' || state === 'away';
  return { checkout, state, url, svg: payable ? await linkQrSvg(url) : null };
}
