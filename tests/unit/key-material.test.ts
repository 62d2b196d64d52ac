import { describe, expect, it } from 'vitest';
import { generateKeyPair, hashPrivateKey, privateKeyMatches } from '@/lib/auth/key-material';

describe('API key material', () => {
  it('makes distinct, prefixed keys', () => {
    const a = generateKeyPair('sandbox');
    const b = generateKeyPair('sandbox');
    expect(a.publicKey).toMatch(/^pk_sandbox_[0-9a-f]{32}$/);
    expect(a.privateKey).toMatch(/^sk_sandbox_/);
    expect(a.privateKey).not.toBe(b.privateKey);
  });

  it('stores a hash that is not the key and matches only the right key', () => {
    const { privateKey } = generateKeyPair();
    const hash = hashPrivateKey(privateKey);
    expect(hash).not.toContain(privateKey);
    expect(privateKeyMatches(privateKey, hash)).toBe(true);
    expect(privateKeyMatches(`${privateKey}x`, hash)).toBe(false);
    expect(privateKeyMatches(privateKey, 'abcd')).toBe(false);
  });
});
