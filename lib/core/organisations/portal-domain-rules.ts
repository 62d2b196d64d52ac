import { isIP } from 'node:net';
import type { ServiceMode } from '@/lib/config';

/*
 * Which names an organisation may ask for as its portal domain (docs/groups.md "Portal domains").
 * Ownership is proven later by DNS (portal-domain-verification.ts); these are the names no
 * proof makes right, refused before anything is stored.
 */

const hostName = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/**
 * A browser reads a host whose last label is a number (decimal, or 0x hex) as an IPv4 address
 * (WHATWG URL, "ends in a number"): `10.0.0.10`, `1.2.3`, `0x7f.1` all name an address, not a domain.
 */
const endsInNumber = (name: string) => /(^|\.)(\d+|0x[0-9a-f]*)$/.test(name);

/** Why `name` (trimmed, lower-cased) cannot be a portal domain, or null when it may be asked for. */
export function portalDomainProblem(name: string, mode: ServiceMode, publicBaseUrl: string): string | null {
  const bare = name.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) || bare.includes(':') || endsInNumber(bare.replace(/\.$/, '')))
    return 'must be a host name, not an IP address';
  if (!hostName.test(name)) return 'must be a host name such as pay.example.com';
  if (name === new URL(publicBaseUrl).hostname) return "must not be the service's own host name";
  // *.localhost resolves to the machine itself; the sandbox's portal domains use it (tests, local use), production never.
  if (mode === 'production' && (name === 'localhost' || name.endsWith('.localhost')))
    return 'must not be localhost in production';
  return null;
}
