import { listChargebacks, listChargebacksSchema } from '@/lib/core/chargebacks/list-chargebacks';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The chargebacks list (docs/api-extensions.md "Chargebacks"), as Felloh's SDK calls it. */
export const POST = apiRoute({ body: listChargebacksSchema }, ({ db, actor, body }) =>
  listChargebacks(db, actor, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
