import type { BlockList } from 'node:net';
import { isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isSandbox } from '@/lib/config';
import { isAllowedAddress, parseDenyList } from './ip-ranges';

/*
 * Where a webhook may be sent (docs/webhooks.md "Address checks"): a merchant
 * could otherwise make our workers POST into our own network or a cloud
 * metadata service. The check runs when an endpoint is created or changed AND
 * on every connection, inside the socket's DNS lookup, so a name that resolved
 * to a public address at create time and to 10.0.0.1 later (DNS rebinding) is
 * still refused. No message here names a resolved address: they reach tenants.
 */

let denyList: { value: string | undefined; list: BlockList | null } | undefined;
/** WEBHOOK_DENY_CIDRS, parsed once per value (start-up has already refused an invalid one). */
export function configuredDenyList(): BlockList | null {
  const value = process.env.WEBHOOK_DENY_CIDRS;
  if (!denyList || denyList.value !== value) denyList = { value, list: parseDenyList(value) };
  return denyList.list;
}

const production = () => !isSandbox();
export const addressAllowed = (address: string, inProduction = production()) =>
  isAllowedAddress(address, inProduction, configuredDenyList());

/** Why a URL may not be an endpoint in this mode (scheme, user info, literal address), or null. Names are resolved separately. */
export function urlProblem(url: URL, inProduction = production()): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must be an http or https address.';
  if (url.username || url.password) return 'url must not contain a user name or password.';
  if (inProduction && url.protocol !== 'https:') return 'url must be https in production.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !addressAllowed(host, inProduction))
    return `url must not point to a private, local, metadata or denied address (${host}).`;
  return null;
}

type Resolver = (hostname: string) => Promise<LookupAddress[]>;
const resolveAll: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * Create/update: every address the name resolves to must be allowed (null: fine). In production a name
 * must resolve; the sandbox keeps a name that does not (yet). The answer does not say which address was
 * refused, nor tell "does not resolve" from "resolves privately" in production: it would map our DNS.
 */
export async function resolvedAddressProblem(
  url: URL,
  inProduction = production(),
  resolve: Resolver = resolveAll,
): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  const addresses = await resolve(host).catch(() => null);
  const refused = addresses
    ? addresses.length === 0 || addresses.some((a) => !addressAllowed(a.address, inProduction))
    : inProduction;
  if (!refused) return null;
  return inProduction
    ? `url host ${host} must resolve, and only to public addresses that are not denied.`
    : `url host ${host} resolves to a link-local, metadata or denied address.`;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).Agent: resolves as usual, then refuses the connection when an address it would
 * connect to is not allowed in this mode. This is the address the socket actually uses, so a changed DNS
 * answer cannot slip through. The error names the host, never the address.
 */
export function allowedOnlyLookup(inProduction: boolean, resolve: Resolver = resolveAll) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((a) => a.family === options.family)
            : addresses;
        if (wanted.length === 0 || wanted.some((a) => !addressAllowed(a.address, inProduction))) {
          const error: NodeJS.ErrnoException = new Error(
            `refused address: ${hostname} resolves to an address not allowed`,
          );
          error.code = 'EADDRNOTALLOWED';
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
