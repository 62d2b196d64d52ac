import { readyMadeCheckout } from './ready-made-checkout';

/**
 * The ready-made ecommerce session the sandbox home page offers in the embedded
 * checkout (public/embed-example.html frames it). Ten years of life instead of a
 * session's usual day, so it waits for a new user. Null outside sandbox mode.
 */
export const sandboxEcommerceSessionId = (): Promise<string | null> =>
  readyMadeCheckout({
    key: 'sandbox_ecommerce_session',
    kind: 'ecommerce',
    amount: 4500,
    description: 'Sandbox sample: Lisbon city tour, booked on the merchant’s own site',
  });
