import { listOrganisations } from '@/lib/core/organisations/list-organisations';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = apiRoute({}, ({ db, actor }) => listOrganisations(db, actor));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
