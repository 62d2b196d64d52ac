import { describe, expect, it } from 'vitest';
import { portalDomainProblem } from '@/lib/core/organisations/portal-domain-rules';

const base = 'https://pay.travel-pay.example';

describe('portalDomainProblem', () => {
  it('refuses every spelling of an IP address a browser would read as one', () => {
    for (const name of [
      '10.0.0.10',
      '10.0.0.10.',
      '1.2.3',
      '127.1',
      '0x7f.1',
      'foo.0x',
      'pay.example.123',
      '[::1]',
      '::1',
      '[::ffff:10.0.0.10]',
      '2001:db8::1',
      '[fe80::1%25eth0]',
    ]) {
      expect(portalDomainProblem(name, 'sandbox', base), name).toBe('must be a host name, not an IP address');
    }
  });

  it("refuses the service's own host name in any mode, and localhost names in production only", () => {
    expect(portalDomainProblem('pay.travel-pay.example', 'sandbox', base)).toBe(
      "must not be the service's own host name",
    );
    expect(portalDomainProblem('pay.travel-pay.example', 'production', base)).toBe(
      "must not be the service's own host name",
    );
    for (const name of ['travel-a.localhost', 'a.b.localhost']) {
      expect(portalDomainProblem(name, 'production', base), name).toBe('must not be localhost in production');
      expect(portalDomainProblem(name, 'sandbox', base), name).toBeNull();
    }
  });

  it('accepts ordinary host names, digits inside labels included, and refuses what is no host name', () => {
    for (const name of ['pay.sunny-tours.co.uk', '123.example.com', 'trips.travel-pay.example', 'x1.io'])
      expect(portalDomainProblem(name, 'production', base), name).toBeNull();
    for (const name of [
      'localhost',
      'pay_example.com',
      'pay..example.com',
      '-pay.example.com',
      'pay.example.com/x',
      'user@pay.example.com',
      '',
    ]) {
      expect(portalDomainProblem(name, 'production', base), name).toBe('must be a host name such as pay.example.com');
    }
  });
});
