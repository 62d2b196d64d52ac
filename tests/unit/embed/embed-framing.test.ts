import { describe, expect, it } from 'vitest';
import { embedAncestorsValue, embedFrameTarget } from '@/lib/http/embed-framing';
import { pageSecurityHeaders } from '@/lib/http/security-headers';

const id = '0b8c7a52-3f1e-4d2a-9c55-1f2e3d4c5b6a';
const base = { nonce: 'n', mode: 'sandbox' as const, hsts: false };

describe('embed framing', () => {
  it('finds the session of an embed path and the reference of a sandbox step path', () => {
    expect(embedFrameTarget(`/embed/${id}`)).toEqual({ session: id });
    expect(embedFrameTarget(`/fr/embed/${id.toUpperCase()}/return`)).toEqual({ session: id });
    expect(embedFrameTarget('/sandbox/3ds/SBX-abc')).toEqual({ reference: 'SBX-abc' });
    expect(embedFrameTarget('/de/sandbox/bank/SBX-x')).toEqual({ reference: 'SBX-x' });
    for (const path of ['/embed/not-a-uuid', `/${id}`, '/sandbox/mailbox', '/docs/errors', '/sandbox/3ds/%E0%A4%A'])
      expect(embedFrameTarget(path), path).toBeNull();
  });

  it("an organisation's list is exact; none set means nobody in production (any http(s) page in the sandbox); no session, nobody", () => {
    expect(embedAncestorsValue(['https://shop.example', 'http://localhost:8080'], 'production')).toBe(
      'https://shop.example http://localhost:8080',
    );
    expect(embedAncestorsValue([], 'production')).toBe("'none'");
    expect(
      pageSecurityHeaders({
        ...base,
        mode: 'production',
        pathname: `/embed/${id}`,
        frameAncestors: embedAncestorsValue([], 'production'),
      })['X-Frame-Options'],
    ).toBe('DENY');
    expect(embedAncestorsValue([], 'sandbox')).toBe('https: http:');
    expect(embedAncestorsValue(null, 'sandbox')).toBe("'none'");
  });

  it('sandbox step pages take the embed origins offered (and drop X-Frame-Options); without any they stay unframable', () => {
    const framed = pageSecurityHeaders({
      ...base,
      pathname: '/sandbox/3ds/SBX-1',
      frameAncestors: 'https://shop.example',
    });
    expect(framed['Content-Security-Policy']).toContain('frame-ancestors https://shop.example');
    expect(framed['X-Frame-Options']).toBeUndefined();
    const plain = pageSecurityHeaders({ ...base, pathname: '/sandbox/bank/SBX-1' });
    expect(plain['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(plain['X-Frame-Options']).toBe('DENY');
    expect(
      pageSecurityHeaders({ ...base, pathname: '/sandbox/mailbox', frameAncestors: 'https://shop.example' })[
        'Content-Security-Policy'
      ],
    ).toContain("frame-ancestors 'none'");
  });
});
