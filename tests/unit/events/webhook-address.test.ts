import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowedOnlyLookup, resolvedAddressProblem, urlProblem } from '@/lib/events/webhook-address';
import { signWebhook } from '@/lib/events/sign-webhook';

afterEach(() => vi.unstubAllEnvs());

describe('urlProblem', () => {
  it('production: https and no private literal; sandbox: http and local allowed', () => {
    expect(urlProblem(new URL('http://localhost:3000/hook'), false)).toBeNull();
    expect(urlProblem(new URL('http://10.0.0.1/hook'), false)).toBeNull();
    expect(urlProblem(new URL('http://[::1]:8080/hook'), false)).toBeNull();
    expect(urlProblem(new URL('http://93.184.216.34/hook'), true)).toMatch(/https/);
    expect(urlProblem(new URL('https://[::ffff:169.254.169.254]/'), true)).toMatch(
      /private, local, metadata or denied/,
    );
    expect(urlProblem(new URL('https://0x7f000001/'), true)).toMatch(/private, local/); // WHATWG URL normalises it to 127.0.0.1
    expect(urlProblem(new URL('https://[2001::1]/'), true)).toMatch(/private, local/); // Teredo
    expect(urlProblem(new URL('https://192.88.99.1/'), true)).toMatch(/private, local/);
    expect(urlProblem(new URL('https://93.184.216.34/hook'), true)).toBeNull();
    expect(urlProblem(new URL('ftp://example.com/'), false)).toMatch(/http or https/);
    expect(urlProblem(new URL('https://user:pw@example.com/'), false)).toMatch(/user name/);
  });

  it('link-local and metadata literals are refused in the sandbox too', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://168.63.129.16/',
      'http://[fd00:ec2::254]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://100.100.100.200/',
    ]) {
      expect(urlProblem(new URL(url), false), url).toMatch(/private, local, metadata or denied/);
    }
  });

  it('WEBHOOK_DENY_CIDRS is applied in both modes', () => {
    vi.stubEnv('WEBHOOK_DENY_CIDRS', '127.0.0.0/8,93.184.216.0/24');
    expect(urlProblem(new URL('http://127.0.0.1:3000/'), false)).toMatch(/denied/);
    expect(urlProblem(new URL('https://93.184.216.34/'), true)).toMatch(/denied/);
    expect(urlProblem(new URL('http://[::1]:3000/'), false)).toBeNull();
  });
});

describe('checks on names', () => {
  const resolver = (answers: Record<string, string[]>) => async (host: string) => {
    if (!answers[host]) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return answers[host].map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const resolve = resolver({
    'ok.example': ['93.184.216.34'],
    'mixed.example': ['93.184.216.34', '10.0.0.7'],
    'meta.example': ['169.254.169.254'],
    'local.example': ['127.0.0.1'],
  });

  it('production refuses a name with any non-public address, and one that does not resolve, with one answer naming no address', async () => {
    expect(await resolvedAddressProblem(new URL('https://ok.example/'), true, resolve)).toBeNull();
    const mixed = await resolvedAddressProblem(new URL('https://mixed.example/'), true, resolve);
    const gone = await resolvedAddressProblem(new URL('https://gone.example/'), true, resolve);
    expect(mixed).toBe('url host mixed.example must resolve, and only to public addresses that are not denied.');
    expect(gone).toBe('url host gone.example must resolve, and only to public addresses that are not denied.');
    expect(mixed).not.toContain('10.0.0.7');
  });

  it('the sandbox refuses a name resolving to link-local or metadata, and keeps local and unresolved ones', async () => {
    expect(await resolvedAddressProblem(new URL('http://meta.example/'), false, resolve)).toMatch(
      /link-local, metadata or denied/,
    );
    expect(await resolvedAddressProblem(new URL('http://local.example/'), false, resolve)).toBeNull();
    expect(await resolvedAddressProblem(new URL('http://gone.example/'), false, resolve)).toBeNull();
  });

  it('the connect-time lookup refuses a name that now resolves to a refused address (DNS rebinding), naming no address', async () => {
    let answer = ['93.184.216.34'];
    const ask = (production: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
        allowedOnlyLookup(production, async () => answer.map((address) => ({ address, family: 4 })))(
          'rebind.example',
          {},
          (error, address) => resolve({ error, address }),
        ),
      );
    expect(await ask(true)).toEqual({ error: null, address: '93.184.216.34' });
    answer = ['10.1.2.3'];
    expect((await ask(true)).error?.code).toBe('EADDRNOTALLOWED');
    expect(await ask(false)).toEqual({ error: null, address: '10.1.2.3' }); // the sandbox reaches private receivers
    answer = ['169.254.169.254'];
    for (const production of [true, false]) {
      const refused = await ask(production);
      expect(refused.error?.code).toBe('EADDRNOTALLOWED');
      expect(refused.error?.message).toBe('refused address: rebind.example resolves to an address not allowed');
    }
  });
});

describe('signWebhook', () => {
  it('is the hex HMAC-SHA256 of the raw body (RFC 4231 test case 2)', () => {
    expect(signWebhook('what do ya want for nothing?', 'Jefe')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});
