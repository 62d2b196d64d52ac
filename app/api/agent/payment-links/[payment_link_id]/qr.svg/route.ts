import { checkoutIdParams } from '@/lib/core/checkout/checkout-resource';
import { paymentLinkQr } from '@/lib/core/payment-links/payment-link-qr';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Extension: the QR code of the link's public `url`, an SVG image (docs/api-extensions.md "QR code of a payment link"). */
export const GET = apiRoute({ params: checkoutIdParams('payment_link_id') }, async ({ db, actor, params }) => {
  const svg = await paymentLinkQr(db, actor, params.payment_link_id!);
  return new Response(svg, {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'private, no-store' },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
