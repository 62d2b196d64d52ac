import { createHmac, randomBytes } from 'node:crypto';

/** X-Signature: the hex HMAC-SHA256 of the raw body with the endpoint's secret, as Felloh's SDK verifyWebhookSignature checks it. */
export function signWebhook(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** A new signing secret: 32 random bytes, hex, with a prefix that says what it is. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}
