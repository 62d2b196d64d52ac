'use server';

import { z } from 'zod';
import { hostedPublicKeyMayPay } from '@/lib/core/hosted-checkout/hosted-embed';

const input = z.object({ sessionId: z.uuid(), publicKey: z.string().min(1).max(200) });

/**
 * INITIATE_PAY's payload is the merchant's public key (the one its page gave the SDK).
 * The frame submits the payment only when that key is live and reaches the session's
 * organisation; a page that merely frames the session cannot pay it by message.
 */
export async function initiatePayAllowed(sessionId: string, publicKey: string): Promise<boolean> {
  const parsed = input.safeParse({ sessionId, publicKey });
  return parsed.success && hostedPublicKeyMayPay(parsed.data.sessionId, parsed.data.publicKey);
}
