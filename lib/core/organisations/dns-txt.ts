import { Resolver } from 'node:dns/promises';

/*
 * The one place the service asks DNS (portal domain ownership, portal-domain-verification.ts).
 * PORTAL_DOMAIN_DNS_SERVERS (comma-separated `address` or `address:port`) names the resolvers to
 * ask; unset, the system's. Read on every call, so a test can point it at a DNS server of its own.
 */

/** Every TXT record at `name`, each record's strings joined (a long record arrives in 255-byte pieces); [] when there is none. */
export async function resolveTxt(name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  const servers = process.env.PORTAL_DOMAIN_DNS_SERVERS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers?.length) resolver.setServers(servers);
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (error) {
    // No such name, or no TXT record at it: nothing to match. Anything else (timeout, refused) is the caller's to report.
    if (['ENOTFOUND', 'ENODATA'].includes((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
}
