import { and, eq, isNull } from 'drizzle-orm';
import { publicBaseUrl } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { organisations } from '@/lib/db/schema';
import { hostedOrigin } from '../groups/hosted-origin';
import { portalDomainServes } from '../groups/portal-host';

/*
 * The checkout action wrapper's entry to the core (app/[locale]/checkout-action.ts):
 * which host a request came to is proxy.ts's answer (PORTAL_ORGANISATION_HEADER),
 * what the page's object belongs to is the database's.
 */

/**
 * Whether the page at `pathname` may be acted on from a request to the portal
 * domain of `hostOrganisation`: the same rule proxy.ts applies before a page
 * renders (portalDomainServes: the link is that organisation's own; embeds and
 * approvals are never served there). null is the main host, which serves every organisation.
 */
export async function hostedPageOnHost(hostOrganisation: string | null, pathname: string): Promise<boolean> {
  if (!hostOrganisation) return true;
  return portalDomainServes(await getDb(), hostOrganisation, pathname);
}

/** The origin whose pages post the host's forms: PUBLIC_BASE_URL's, or the portal domain's (hosted-origin.ts). */
export async function hostedActionOrigin(hostOrganisation: string | null): Promise<string> {
  if (!hostOrganisation) return publicBaseUrl();
  const [row] = await (
    await getDb()
  )
    .select({ settings: organisations.settings })
    .from(organisations)
    .where(and(eq(organisations.id, hostOrganisation), isNull(organisations.deletedAt)));
  return row ? hostedOrigin(row.settings) : publicBaseUrl();
}
