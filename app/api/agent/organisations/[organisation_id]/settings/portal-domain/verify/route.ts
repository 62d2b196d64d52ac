import { organisationIdParams, verifyOrganisationPortalDomain } from '@/lib/core/organisations/organisation-settings';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// Extension (docs/api-extensions.md): the DNS ownership check of the pending portal domain; no body is read.
export const POST = apiRoute({ params: organisationIdParams }, ({ db, actor, params }) =>
  verifyOrganisationPortalDomain(db, actor, params.organisation_id, 'dns'),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
