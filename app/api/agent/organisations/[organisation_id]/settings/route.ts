import {
  getOrganisationSettings,
  organisationIdParams,
  updateOrganisationSettings,
  updateSettingsSchema,
} from '@/lib/core/organisations/organisation-settings';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

// Extension (docs/api-extensions.md): organisation settings, role organisation:management.
export const GET = apiRoute({ params: organisationIdParams }, ({ db, actor, params }) =>
  getOrganisationSettings(db, actor, params.organisation_id),
);
export const POST = apiRoute(
  { params: organisationIdParams, body: updateSettingsSchema },
  ({ db, actor, params, body }) => updateOrganisationSettings(db, actor, params.organisation_id, body),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
