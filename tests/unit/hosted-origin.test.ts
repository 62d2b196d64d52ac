import { afterEach, describe, expect, it } from 'vitest';
import { hostedOrigin } from '@/lib/core/groups/hosted-origin';

describe('hostedOrigin', () => {
  const saved = process.env.PUBLIC_BASE_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.PUBLIC_BASE_URL;
    else process.env.PUBLIC_BASE_URL = saved;
  });

  it('is the public base URL without a portal domain', () => {
    process.env.PUBLIC_BASE_URL = 'https://pay.example.com/';
    expect(hostedOrigin({})).toBe('https://pay.example.com');
    expect(hostedOrigin({ portal_domain: null })).toBe('https://pay.example.com');
  });

  it('swaps in the portal domain and keeps scheme and port', () => {
    process.env.PUBLIC_BASE_URL = 'http://localhost:3220';
    expect(hostedOrigin({ portal_domain: 'travel.localhost' })).toBe('http://travel.localhost:3220');
    process.env.PUBLIC_BASE_URL = 'https://pay.example.com';
    expect(hostedOrigin({ portal_domain: 'pay.sunny-tours.co.uk' })).toBe('https://pay.sunny-tours.co.uk');
  });
});
