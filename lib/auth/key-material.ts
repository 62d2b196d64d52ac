import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Fresh API key material. The private key is shown once and only its hash is stored. */
export function generateKeyPair(prefix: 'live' | 'sandbox' = 'live') {
  return {
    publicKey: `pk_${prefix}_${randomBytes(16).toString('hex')}`,
    privateKey: `sk_${prefix}_${randomBytes(32).toString('base64url')}`,
  };
}

// Private keys carry 256 random bits, so a fast hash is enough: there is nothing to brute-force.
export function hashPrivateKey(privateKey: string): string {
  return createHash('sha256').update(privateKey).digest('hex');
}

export function privateKeyMatches(privateKey: string, storedHash: string): boolean {
  const given = Buffer.from(hashPrivateKey(privateKey), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
