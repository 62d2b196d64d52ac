import { publicBaseUrl } from '@/lib/config';
import type { OrganisationSettings } from '@/lib/db/schema';

/**
 * Where an organisation's hosted pages live: PUBLIC_BASE_URL, with the host
 * replaced by the organisation's custom portal domain when one is set (scheme
 * and port kept). Never taken from a request's Host header (product.md §9).
 */
export function hostedOrigin(settings: Pick<OrganisationSettings, 'portal_domain'>): string {
  const base = publicBaseUrl();
  if (!settings.portal_domain) return base;
  const url = new URL(base);
  url.hostname = settings.portal_domain;
  return url.origin;
}
