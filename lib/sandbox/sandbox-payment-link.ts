import { readyMadeCheckout } from './ready-made-checkout';

/** The ready-made payment link the sandbox home page offers, so a new user can pay within a minute. Null outside sandbox mode. */
export const sandboxPaymentLinkId = (): Promise<string | null> =>
  readyMadeCheckout({
    key: 'sandbox_payment_link',
    kind: 'payment_link',
    amount: 12345,
    description: 'Sandbox sample: deposit for 7 nights in Lisbon',
  });
