import { describe, expect, it } from 'vitest';
import { sandboxBanner } from '@/lib/startup';

const key = (label: string, publicKey: string, privateKey: string | null) => ({
  label,
  user_email: 'a@b.test',
  organisation: 'org_x',
  roles: 'all',
  public_key: publicKey,
  private_key: privateKey,
});

describe('sandbox banner', () => {
  it('prints a Try: line with the real keys it just printed, ready to paste', () => {
    const banner = sandboxBanner('pglite', {
      organisations: [],
      keys: [key('Full', 'pk_sandbox_full', 'sk_sandbox_full'), key('Limited', 'pk_sandbox_lim', 'sk_sandbox_lim')],
    });
    const tryLine = banner.split('\n').find((line) => line.includes('Try:'))!;
    expect(tryLine).toContain(`-d '{"public_key":"pk_sandbox_full","private_key":"sk_sandbox_full"}'`);
    expect(tryLine).not.toContain('…');
  });

  it('uses a key whose private half this instance knows, else says what to fill in', () => {
    const banner = sandboxBanner('postgres', {
      organisations: [],
      keys: [key('Full', 'pk_a', null), key('Limited', 'pk_b', 'sk_b')],
    });
    expect(banner).toContain('"public_key":"pk_b","private_key":"sk_b"');
    expect(sandboxBanner('postgres', null)).toContain('"public_key":"PUBLIC_KEY","private_key":"PRIVATE_KEY"');
  });
});
