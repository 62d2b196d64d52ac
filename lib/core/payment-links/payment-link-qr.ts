import type { Actor } from '@/lib/auth/actor';
import type { Db } from '@/lib/db/types';
import { linkQrSvg } from './link-qr';
import { paymentLinksResource } from './payment-links';
import { refuseUnpayable } from './send-payment-link';

/**
 * GET /agent/payment-links/{id}/qr.svg: the QR code of the link's `url` (its public page, on the organisation's
 * portal domain when it has one), for a customer in the shop to scan. Refused, like a send, for a link that is
 * paid or expired: a code nobody can pay with is worse than none.
 */
export async function paymentLinkQr(db: Db, actor: Actor, linkId: string): Promise<string> {
  const link = await paymentLinksResource.get(db, actor, linkId);
  refuseUnpayable(link.status);
  return linkQrSvg(link.url);
}
