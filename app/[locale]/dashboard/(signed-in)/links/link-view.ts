import type { Actor } from '@/lib/auth/actor';
import { ecommerceResource } from '@/lib/core/ecommerce/ecommerce';
import { paymentLinksResource } from '@/lib/core/payment-links/payment-links';
import { paymentLinkQr } from '@/lib/core/payment-links/payment-link-qr';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';

/**
 * The detail page's read: the payment link or, failing that, the ecommerce session with this id, through the
 * API's GET (another organisation's is its 404); null when neither. A link that can be paid has its QR code.
 */
export async function findCheckout(db: Db, actor: Actor, id: string) {
  try {
    const link = await paymentLinksResource.get(db, actor, id);
    const qr = link.status === 'active' ? await paymentLinkQr(db, actor, id) : null;
    return { kind: 'payment_link' as const, link, qr };
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error;
  }
  try {
    return { kind: 'ecommerce' as const, session: await ecommerceResource.get(db, actor, id) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
