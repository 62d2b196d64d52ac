import { listOrganisations } from '@/lib/core/organisations/list-organisations';
import { apiRoute } from '@/lib/http/api-route';

export const GET = apiRoute({}, ({ db, actor }) => listOrganisations(db, actor));
