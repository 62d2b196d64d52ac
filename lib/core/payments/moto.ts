import type { PayableCheckout } from './load-payable-checkout';

/*
 * MOTO (a card taken by the merchant's agent by phone or mail, recorded MOTO_IN_PERSON and sent to the
 * processor without 3-D Secure). The embed's `method=MOTO_IN_PERSON` flag (the vendor SDK's `moto` option)
 * only asks for it: a customer can set any flag on a URL, so the payment is MOTO only when the merchant
 * allowed it for that session through the API (`moto_enabled`, docs/api-extensions.md) and the
 * organisation's `payment_methods` include MOTO_IN_PERSON (product.md section 11). Anywhere else the flag
 * is refused before anything is recorded or sent; it is never silently turned into an ONLINE payment.
 */

export const MOTO_NOT_ALLOWED = 'moto_not_allowed';

/** The organisation's payment methods include MOTO and this checkout is an ecommerce session whose creator allowed it. */
export function motoAllowed(
  kind: string,
  options: { moto_enabled?: boolean },
  paymentMethods: readonly string[],
): boolean {
  return kind === 'ecommerce' && options.moto_enabled === true && paymentMethods.includes('MOTO_IN_PERSON');
}

/** Why a MOTO payment cannot be taken here (the core's own words; pages say it in the customer's language), or null. */
export function motoRefusal({ link, organisation }: PayableCheckout): string | null {
  if (motoAllowed(link.kind, link.options, organisation.paymentMethods)) return null;
  if (link.kind !== 'ecommerce')
    return 'MOTO payments are taken only on ecommerce sessions that allow them; nothing was charged.';
  if (link.options.moto_enabled !== true)
    return 'This session does not allow MOTO payments (moto_enabled is not set on it); nothing was charged.';
  return "The organisation's payment methods do not include MOTO_IN_PERSON, so this MOTO payment was refused; nothing was charged.";
}
