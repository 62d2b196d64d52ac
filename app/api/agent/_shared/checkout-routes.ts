import type { checkoutResource } from '@/lib/core/checkout/checkout-resource';
import { assignSchema, checkoutIdParams } from '@/lib/core/checkout/checkout-resource';
import { apiRoute } from '@/lib/http/api-route';

type Resource = ReturnType<typeof checkoutResource<unknown>>;

/** The route handlers payment links and ecommerce sessions share, bound to one resource and its id parameter name. */
export function checkoutRoutes(resource: Resource, idParam: string) {
  const params = checkoutIdParams(idParam);
  const idOf = (p: Record<string, string>) => p[idParam]!;
  return {
    list: apiRoute({ body: resource.listSchema }, ({ db, actor, body }) => resource.list(db, actor, body)),
    create: apiRoute({ body: resource.createSchema }, ({ db, actor, body }) => resource.create(db, actor, body)),
    get: apiRoute({ params }, ({ db, actor, params: p }) => resource.get(db, actor, idOf(p))),
    delete: apiRoute({ params }, async ({ db, actor, params: p }) => {
      await resource.delete(db, actor, idOf(p));
      return {};
    }),
    assign: apiRoute({ params, body: assignSchema }, async ({ db, actor, params: p, body }) => {
      await resource.assign(db, actor, idOf(p), body);
      return {};
    }),
  };
}
