import { expect } from 'vitest';
import { call } from '../support/api-client';

/**
 * The requests Felloh's public Node SDK (@felloh-org/node-sdk, src/resources)
 * makes, one function per SDK method, with the same method, path and body, sent
 * through the real route handlers. Its base URL is this service's `/api`.
 *
 * The SDK throws on any non-2xx answer and otherwise hands back the envelope;
 * so does `send`, after checking the `meta` fields its ResponseMeta type
 * declares. Bodies are whatever the SDK's *Params types allow.
 */
export class SdkError extends Error {
  constructor(
    readonly status: number,
    readonly body: any,
  ) {
    super(`SDK request failed with ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

type Envelope<T = any> = {
  data: T;
  errors: unknown[];
  meta: { code: number; reason: string; message: string; request_id: string; count?: number; has_more?: boolean };
};
type Body = Record<string, unknown>;

async function send<T = any>(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: Body,
): Promise<Envelope<T>> {
  const response = await call(method, path, { token, body });
  // The SDK parses every answer as JSON, errors included.
  expect(typeof response.body, `${method} ${path} answered no JSON: ${response.text.slice(0, 200)}`).toBe('object');
  if (response.status < 200 || response.status >= 300) throw new SdkError(response.status, response.body);
  const meta = response.body.meta;
  expect(meta).toMatchObject({
    code: 200,
    reason: expect.any(String),
    message: expect.any(String),
    request_id: expect.any(String),
  });
  expect(Array.isArray(response.body.errors)).toBe(true);
  return response.body;
}

/** A list: `data` is an array and `meta.count` a number (the SDK's pager reads both). */
async function list<T = any>(token: string, path: string, params: Body): Promise<Envelope<T[]>> {
  const envelope = await send<T[]>(token, 'POST', path, params);
  expect(Array.isArray(envelope.data)).toBe(true);
  expect(typeof envelope.meta.count).toBe('number');
  return envelope;
}

/**
 * The SDK's listAll(): POST pages of 25 from skip 0, each item once, stopping
 * when a page is short or skip reaches meta.count. Re-stated here from its
 * documented behaviour, so a total that is not the total shows as missing items.
 */
async function listAll<T = any>(token: string, path: string, params: Body): Promise<T[]> {
  const take = 25;
  const items: T[] = [];
  for (let skip = 0; ;) {
    const page = await list<T>(token, path, { ...params, skip, take });
    items.push(...page.data);
    skip += page.data.length;
    if (page.data.length < take || skip >= (page.meta.count ?? 0)) return items;
  }
}

/** An SDK client for one bearer token, shaped like FellohClient. */
export function sdk(token: string) {
  const get = (path: string) => send(token, 'GET', path);
  const post = (path: string, body: Body) => send(token, 'POST', path, body);
  const put = (path: string, body: Body) => send(token, 'PUT', path, body);
  const remove = (path: string) => send(token, 'DELETE', path);
  const listing = (path: string) => ({
    list: (params: Body) => list(token, path, params),
    listAll: (params: Body) => listAll(token, path, params),
  });
  return {
    organisations: { list: () => get('/user/organisations') },
    bookings: {
      ...listing('/agent/bookings'),
      get: (id: string) => get(`/agent/bookings/${id}`),
      create: (params: Body) => put('/agent/bookings', params),
      update: (id: string, params: Body) => post(`/agent/bookings/${id}`, params),
      delete: (id: string) => remove(`/agent/bookings/${id}`),
      updateReference: (id: string, reference: string) =>
        post(`/agent/bookings/${id}/update-reference`, { booking_reference: reference }),
    },
    transactions: {
      ...listing('/agent/transactions'),
      get: (id: string) => get(`/agent/transactions/${id}`),
      refund: (id: string, params: Body) => post(`/agent/transactions/${id}/refund`, params),
      complete: (id: string) => get(`/agent/transactions/${id}/complete`),
      reverse: (id: string) => get(`/agent/transactions/${id}/reverse`),
      reassign: (id: string, params: Body) => post(`/agent/transactions/${id}/re-assign`, params),
    },
    customers: { ...listing('/agent/customers'), create: (params: Body) => put('/agent/customers', params) },
    paymentLinks: {
      ...listing('/agent/payment-links'),
      get: (id: string) => get(`/agent/payment-links/${id}`),
      create: (params: Body) => put('/agent/payment-links', params),
      delete: (id: string) => remove(`/agent/payment-links/${id}`),
      assign: (id: string, params: Body) => post(`/agent/payment-links/${id}/assign`, params),
    },
    ecommerce: {
      ...listing('/agent/ecommerce'),
      get: (id: string) => get(`/agent/ecommerce/${id}`),
      create: (params: Body) => put('/agent/ecommerce', params),
      delete: (id: string) => remove(`/agent/ecommerce/${id}`),
      assign: (id: string, params: Body) => post(`/agent/ecommerce/${id}/assign`, params),
    },
    chargebacks: listing('/agent/chargebacks'),
    refunds: {
      ...listing('/agent/refunds'),
      authorise: (code: string) => get(`/agent/refunds/${code}/authorise`),
      decline: (code: string) => get(`/agent/refunds/${code}/decline`),
    },
    creditNotes: { ...listing('/agent/credit-notes'), get: (id: string) => get(`/agent/credit-notes/${id}`) },
    suppliers: { ...listing('/agent/suppliers'), create: (params: Body) => put('/agent/suppliers', params) },
    apiKeys: {
      list: (params: Body) => post('/token/keys', params),
      create: (params: Body) => post('/token/key', params),
      delete: (id: string) => remove(`/token/key/${id}`),
    },
    audit: listing('/audit'),
    scheduledPayments: {
      ...listing('/payment/scheduled-payment'),
      availableTokens: (bookingId: string) => get(`/payment/booking/${bookingId}/available-tokens`),
      createPayment: (bookingId: string, params: Body) => post(`/payment/booking/${bookingId}/payment`, params),
      approvalLink: (bookingId: string, params: Body) => post(`/agent/bookings/${bookingId}/approval-link`, params),
      delete: (id: string) => remove(`/payment/scheduled-payment/${id}`),
    },
    enums: { list: () => get('/enums') },
  };
}
