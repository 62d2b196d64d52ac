import {
  createCustomer,
  createCustomerSchema,
  listCustomers,
  listCustomersSchema,
} from '@/lib/core/customers/customers';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ body: listCustomersSchema }, ({ db, actor, body }) => listCustomers(db, actor, body));
export const PUT = apiRoute({ body: createCustomerSchema }, ({ db, actor, body }) => createCustomer(db, actor, body));

export const { GET, PATCH, DELETE, OPTIONS } = otherMethods('POST', 'PUT');
