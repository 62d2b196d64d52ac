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

/** The IPv4 address an IPv4-mapped or -compatible IPv6 address carries (::ffff:10.0.0.1, ::ffff:a00:1), else null. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:0{0,4}:){0,5}(?::|ffff:)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address (v4 or v6) is public: not private, loopback, link-local, unique-local, CGNAT, multicast, unspecified or reserved. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !nonPublic.check(bare, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare.toLowerCase());
  if (v4 !== null) return isIP(v4) === 4 && !nonPublic.check(v4, 'ipv4');
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
