import { organisationIdParams, verifyOrganisationPortalDomain } from '@/lib/core/organisations/organisation-settings';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { sandboxOnly, sandboxOnlyMethods } from '../../../../sandbox-only';

/** Sandbox only: passes the pending portal domain's ownership check without DNS (docs/api-extensions.md). */
export const POST = sandboxOnly(
  apiRoute({ params: organisationIdParams }, ({ db, actor, params }) =>
    verifyOrganisationPortalDomain(db, actor, params.organisation_id, 'sandbox'),
  ),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = sandboxOnlyMethods(otherMethods('POST'));
