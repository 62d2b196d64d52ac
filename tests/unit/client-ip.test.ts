import { describe, expect, it } from 'vitest';
import { trustedProxyHops } from '@/lib/config';
import { clientIp } from '@/lib/http/client-ip';

const headers = (value?: string) => new Headers(value === undefined ? {} : { 'x-forwarded-for': value });

describe('clientIp (TRUSTED_PROXY_HOPS)', () => {
  it('trusts no forwarded header with no trusted proxy: a client could forge it', () => {
    expect(clientIp(headers('6.6.6.6'), 0)).toBeNull();
  });

  it('takes the entry the nearest trusted proxy appended, never one the client prepended', () => {
    expect(clientIp(headers('6.6.6.6, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientIp(headers('6.6.6.6, 203.0.113.7, 10.0.0.2'), 2)).toBe('203.0.113.7');
    expect(clientIp(headers('2001:db8::1'), 1)).toBe('2001:db8::1');
  });

  it('answers null when the header is missing, too short or not an address', () => {
    expect(clientIp(headers(), 1)).toBeNull();
    expect(clientIp(headers('203.0.113.7'), 2)).toBeNull();
    expect(clientIp(headers('<script>'), 1)).toBeNull();
  });

  it('reads the setting as a small whole number, else 0', () => {
    expect(trustedProxyHops({})).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: '2' })).toBe(2);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: 'yes' })).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: '-1' })).toBe(0);
  });
});
