'use server';

import { z } from 'zod';
import { hostedPublicKeyMayPay } from '@/lib/core/hosted-checkout/hosted-embed';
import { checkoutAction } from '../../checkout-action';

/** The session is the embed page's (checkoutAction); `sessionId` must name it. A refused call may not pay. */
const mayPay = checkoutAction({
  pages: ['ecommerce'],
  idField: 'sessionId',
  input: z.object({ sessionId: z.uuid(), publicKey: z.string().min(1).max(200) }),
  refused: () => false,
  run: async ({ page }, { publicKey }) => hostedPublicKeyMayPay(page.id, publicKey),
});

/**
 * INITIATE_PAY's payload is the merchant's public key (the one its page gave the SDK).
 * The frame submits the payment only when that key is live and reaches the session's
 * organisation; a page that merely frames the session cannot pay it by message.
 */
export async function initiatePayAllowed(sessionId: string, publicKey: string): Promise<boolean> {
  return mayPay({ sessionId, publicKey }, undefined);
}
