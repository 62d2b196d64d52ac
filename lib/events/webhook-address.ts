import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isSandbox } from '@/lib/config';

/*
 * Production endpoints must be public (docs/webhooks.md "Address checks"): a
 * merchant could otherwise make our workers POST into our own network. The
 * check runs when an endpoint is created or changed AND on every connection,
 * inside the socket's DNS lookup, so a name that resolved to a public address
 * at create time and to 10.0.0.1 later (DNS rebinding) is still refused.
 */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) nonPublic.addSubnet(network, prefix, 'ipv6');

/** The 8 hextets of an IPv6 address (a trailing dotted quad becomes the last two). */
function hextets(address: string): number[] {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  let text = address;
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const dottedQuad = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 address an IPv6 address carries and would reach: IPv4-mapped
 * (::ffff:10.0.0.1), IPv4-compatible (::10.0.0.1), NAT64 (64:ff9b::a00:1) and
 * 6to4 (2002:a00:1::); null for any other IPv6 address.
 */
function embeddedIpv4(address: string): string | null {
  const h = hextets(address);
  if (h.slice(0, 5).every((x) => x === 0) && (h[5] === 0xffff || h[5] === 0)) return dottedQuad(h[6]!, h[7]!);
  if (h[0] === 0x64 && h[1] === 0xff9b && h.slice(2, 6).every((x) => x === 0)) return dottedQuad(h[6]!, h[7]!);
  if (h[0] === 0x2002) return dottedQuad(h[1]!, h[2]!);
  return null;
}

/** Whether an IP address (v4 or v6) is public: not private, loopback, link-local, unique-local, CGNAT, multicast, unspecified or reserved. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !nonPublic.check(bare, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare.toLowerCase());
  // ::1 and :: are IPv6 loopback and unspecified, refused below, not the IPv4 0.0.0.x they would spell.
  if (v4 !== null && !['::', '::1'].includes(bare)) return isIP(v4) === 4 && !nonPublic.check(v4, 'ipv4');
  return !nonPublic.check(bare, 'ipv6');
}

/** Why a URL may not be an endpoint in this mode (scheme, literal address), or null. Names are resolved separately. */
export function urlProblem(url: URL, production = !isSandbox()): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must be an http or https address.';
  if (url.username || url.password) return 'url must not contain a user name or password.';
  if (!production) return null;
  if (url.protocol !== 'https:') return 'url must be https in production.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host)) return `url must not point to a private or local address (${host}).`;
  return null;
}

type Resolver = (hostname: string) => Promise<LookupAddress[]>;
const resolveAll: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** Production create/update: every address the name resolves to must be public (null: fine). */
export async function resolvedAddressProblem(url: URL, resolve: Resolver = resolveAll): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return `url host ${host} does not resolve.`;
  }
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  return refused ? `url must not point to a private or local address (${host} resolves to ${refused.address}).` : null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).Agent: resolves as usual, then refuses the connection
 * when an address it would connect to is not public. This is the address the
 * socket actually uses, so a changed DNS answer cannot slip through.
 */
export function publicOnlyLookup(resolve: Resolver = resolveAll) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        const refused = wanted.find((a) => !isPublicAddress(a.address));
        if (refused || wanted.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`refused address: ${hostname} resolves to ${refused?.address ?? 'nothing usable'}`);
          error.code = 'EADDRNOTPUBLIC';
          callback(error, '');
          return;
        }
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
