import {
  createSupplier,
  createSupplierSchema,
  listSuppliers,
  listSuppliersSchema,
} from '@/lib/core/suppliers/suppliers';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ body: listSuppliersSchema }, ({ db, actor, body }) => listSuppliers(db, actor, body));
export const PUT = apiRoute({ body: createSupplierSchema }, ({ db, actor, body }) => createSupplier(db, actor, body));

export const { GET, PATCH, DELETE, OPTIONS } = otherMethods('POST', 'PUT');
