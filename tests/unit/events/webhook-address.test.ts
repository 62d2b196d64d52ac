import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyLookup, resolvedAddressProblem, urlProblem } from '@/lib/events/webhook-address';
import { signWebhook } from '@/lib/events/sign-webhook';

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.127.255.254', '127.0.0.1', '127.8.9.10', '169.254.169.254',
    '172.16.0.1', '172.31.255.255', '192.168.1.1', '224.0.0.1', '239.255.255.250', '255.255.255.255', '192.0.2.5',
    '::', '::1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    '::ffff:a00:1', '::ffff:7f00:1', '64:ff9b::a00:1', '64:ff9b::169.254.169.254', '2002:a9fe:a9fe::1', '2002:c0a8:101::', '0:0:0:0:0:ffff:192.168.0.1', '::127.0.0.1', '[::1]', 'not an ip', '',
  ])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '[2606:4700::1]', '64:ff9b::808:808', '2002:808:808::1'])(
    '%s is public', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('urlProblem', () => {
  it('production: https and no private literal; sandbox: http and local allowed', () => {
    expect(urlProblem(new URL('http://localhost:3000/hook'), false)).toBeNull();
    expect(urlProblem(new URL('http://10.0.0.1/hook'), false)).toBeNull();
    expect(urlProblem(new URL('http://93.184.216.34/hook'), true)).toMatch(/https/);
    expect(urlProblem(new URL('https://[::ffff:169.254.169.254]/'), true)).toMatch(/private or local/);
    expect(urlProblem(new URL('https://0x7f000001/'), true)).toMatch(/private or local/); // WHATWG URL normalises it to 127.0.0.1
    expect(urlProblem(new URL('https://93.184.216.34/hook'), true)).toBeNull();
    expect(urlProblem(new URL('ftp://example.com/'), false)).toMatch(/http or https/);
    expect(urlProblem(new URL('https://user:pw@example.com/'), false)).toMatch(/user name/);
  });
});

describe('checks on names', () => {
  const resolver = (answers: Record<string, string[]>) => async (host: string) => {
    if (!answers[host]) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return answers[host].map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it('refuses a name with any non-public address, and one that does not resolve', async () => {
    const resolve = resolver({ 'ok.example': ['93.184.216.34'], 'mixed.example': ['93.184.216.34', '10.0.0.7'] });
    expect(await resolvedAddressProblem(new URL('https://ok.example/'), resolve)).toBeNull();
    expect(await resolvedAddressProblem(new URL('https://mixed.example/'), resolve)).toMatch(/10\.0\.0\.7/);
    expect(await resolvedAddressProblem(new URL('https://gone.example/'), resolve)).toMatch(/does not resolve/);
  });

  it('the connect-time lookup refuses a name that now resolves privately (DNS rebinding)', async () => {
    let answer = ['93.184.216.34'];
    const lookup = publicOnlyLookup(async () => answer.map((address) => ({ address, family: 4 })));
    const ask = () => new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookup('rebind.example', {}, (error, address) => resolve({ error, address })));
    expect(await ask()).toEqual({ error: null, address: '93.184.216.34' });
    answer = ['169.254.169.254'];
    const refused = await ask();
    expect(refused.error?.code).toBe('EADDRNOTPUBLIC');
    expect(refused.error?.message).toContain('169.254.169.254');
  });
});

describe('signWebhook', () => {
  it('is the hex HMAC-SHA256 of the raw body (RFC 4231 test case 2)', () => {
    expect(signWebhook('what do ya want for nothing?', 'Jefe')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
});
