import { BlockList, isIP } from 'node:net';

/*
 * Which IP addresses a webhook may reach (docs/webhooks.md "Address checks").
 * Two sets: what is refused in EVERY mode (link-local, cloud metadata and host
 * endpoints, the operator's WEBHOOK_DENY_CIDRS) and what production refuses on
 * top (everything that is not public unicast). An IPv6 address that carries an
 * IPv4 one (mapped, compatible, translated, NAT64, 6to4) is judged by that IPv4.
 */
type Range = readonly [network: string, prefix: number];
const blockList = (v4: readonly Range[], v6: readonly Range[]) => {
  const list = new BlockList();
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, 'ipv6');
  return list;
};

/** Refused in every mode, the sandbox included: nothing a developer's receiver needs lives here, credentials do. */
const everyMode = blockList(
  [
    ['169.254.0.0', 16], // link-local: 169.254.169.254 (AWS, GCP, Azure, OCI IMDS), 169.254.170.2 (ECS task metadata)
    ['168.63.129.16', 32], // Azure WireServer / host endpoint (a public address, so not caught by the ranges below)
    ['100.100.100.200', 32], // Alibaba Cloud metadata
    ['192.0.0.192', 32], // Oracle Cloud legacy metadata
  ],
  [
    ['fe80::', 10], // link-local
    ['fd00:ec2::', 32], // AWS IMDS, DNS and time over IPv6 (fd00:ec2::254, ::253, ::123)
    ['fd20:ce::254', 128], // GCP metadata over IPv6
  ],
);

/** Production refuses these too. IPv6 outside 2000::/3 (global unicast) is refused as a whole, below. */
const nonPublic = blockList(
  [
    ['0.0.0.0', 8], // "this network", unspecified
    ['10.0.0.0', 8], // private
    ['100.64.0.0', 10], // CGNAT
    ['127.0.0.0', 8], // loopback
    ['172.16.0.0', 12], // private
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.0.2.0', 24], // documentation
    ['192.88.99.0', 24], // 6to4 relay anycast (RFC 7526: deprecated; relays forward to any IPv6)
    ['192.168.0.0', 16], // private
    ['198.18.0.0', 15], // benchmarking
    ['198.51.100.0', 24], // documentation
    ['203.0.113.0', 24], // documentation
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, broadcast
  ],
  [
    ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) included: it tunnels to an IPv4 we cannot see
    ['2001:db8::', 32], // documentation
    ['3fff::', 20], // documentation (RFC 9637)
    ['5f00::', 16], // SRv6 SIDs
  ],
);
const globalUnicast = blockList([], [['2000::', 3]]);

/** The 8 hextets of a valid IPv6 address (a trailing dotted quad becomes the last two). */
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
const zeros = (h: number[], from: number, to: number) => h.slice(from, to).every((x) => x === 0);

/**
 * The IPv4 address an IPv6 address carries and would reach: IPv4-mapped (::ffff:0:0/96), IPv4-compatible
 * (::/96, but not :: and ::1), IPv4-translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16);
 * null for any other IPv6 address.
 */
export function embeddedIpv4(address: string): string | null {
  return carried(address)?.v4 ?? null;
}

/** `routable`: the form reaches its IPv4 over the internet (mapped, NAT64, 6to4); compatible and translated forms do not. */
function carried(address: string): { v4: string; routable: boolean } | null {
  const h = hextets(address.toLowerCase());
  if (zeros(h, 0, 5) && h[5] === 0xffff) return { v4: dottedQuad(h[6]!, h[7]!), routable: true };
  if (zeros(h, 0, 4) && h[4] === 0xffff && h[5] === 0) return { v4: dottedQuad(h[6]!, h[7]!), routable: false };
  if (zeros(h, 0, 6) && (h[6] !== 0 || h[7]! > 1)) return { v4: dottedQuad(h[6]!, h[7]!), routable: false };
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(h, 2, 6)) return { v4: dottedQuad(h[6]!, h[7]!), routable: true };
  if (h[0] === 0x2002) return { v4: dottedQuad(h[1]!, h[2]!), routable: true };
  return null;
}

type Checked = {
  address: string;
  family: 'ipv4' | 'ipv6';
  /** The IPv6 form when `address` is the IPv4 it carries, and whether that form is one production may use. */
  carrier?: string;
  routable?: boolean;
};

/** An address as checked: brackets and zone id dropped, an IPv6 carrying an IPv4 replaced by that IPv4. Null: not an IP. */
function normalised(address: string): Checked | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return { address: bare, family: 'ipv4' };
  if (family !== 6) return null;
  const v4 = carried(bare);
  return v4 && isIP(v4.v4) === 4
    ? { address: v4.v4, family: 'ipv4', carrier: bare, routable: v4.routable }
    : { address: bare, family: 'ipv6' };
}

/** Whether an IP address (v4 or v6) is public unicast: what production may reach (before the every-mode refusals). */
export function isPublicAddress(address: string): boolean {
  const ip = normalised(address);
  if (!ip) return false;
  if (ip.family === 'ipv6' && !globalUnicast.check(ip.address, 'ipv6')) return false;
  // Deprecated IPv4-compatible (::/96) and IPv4-translated forms reach nothing public: refused whatever they carry.
  if (ip.routable === false) return false;
  return !nonPublic.check(ip.address, ip.family) && !everyMode.check(ip.address, ip.family);
}

/** Whether a webhook may connect to this address in this mode; `denyList` is the operator's WEBHOOK_DENY_CIDRS. */
export function isAllowedAddress(address: string, production: boolean, denyList: BlockList | null = null): boolean {
  const ip = normalised(address);
  if (!ip) return false;
  if (everyMode.check(ip.address, ip.family)) return false;
  if (
    denyList &&
    (denyList.check(ip.address, ip.family) || (ip.carrier !== undefined && denyList.check(ip.carrier, 'ipv6')))
  )
    return false;
  return !production || isPublicAddress(address);
}

/**
 * WEBHOOK_DENY_CIDRS: addresses or CIDRs (IPv4 or IPv6), separated by commas or spaces, refused in every
 * mode on top of the built-in ranges (an IPv4 range also covers its IPv6-mapped forms). Null when unset;
 * throws with the bad entry named when one is not an address or CIDR (start-up refuses it, lib/startup-check.ts).
 */
export function parseDenyList(value: string | undefined): BlockList | null {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [network = '', prefixText, extra] = entry.split('/');
    const family = isIP(network);
    const max = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (!family || extra !== undefined || !(prefix >= 0 && prefix <= max))
      throw new Error(`WEBHOOK_DENY_CIDRS: "${entry.slice(0, 60)}" is not an IP address or CIDR`);
    list.addSubnet(network, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}
