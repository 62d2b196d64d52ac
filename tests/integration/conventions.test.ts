import { describe, expect, it } from 'vitest';
import { api, call } from './support/api-client';
import { createTenant } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

withTestDatabase();

describe('API conventions', () => {
  it('wraps success in the envelope with a request id', async () => {
    const { admin } = await createTenant();
    const response = await api.get('/user/organisations', { token: admin.token });
    expect(Object.keys(response.body).sort()).toEqual(['data', 'errors', 'meta']);
    expect(response.body.errors).toEqual([]);
    expect(response.body.meta).toMatchObject({ code: 200, reason: 'OK', message: 'OK' });
    expect(response.body.meta.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-request-id')).toBe(response.body.meta.request_id);
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const { admin } = await createTenant();
    const response = await call('POST', '/agent/bookings', { token: admin.token, rawBody: '{"organisation": ' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ code: 'request.malformed_json', type: 'invalid_request' });
    expect(response.body.errors[0].documentation_url).toMatch(/\/docs\/errors#request\.malformed_json$/);
  });

  it('answers a JSON body that is not an object with 422', async () => {
    const { admin } = await createTenant();
    const response = await call('POST', '/agent/bookings', { token: admin.token, rawBody: '[1,2]' });
    expect(response.status).toBe(422);
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const { admin } = await createTenant();
    const response = await call('POST', '/agent/bookings', {
      token: admin.token,
      rawBody: JSON.stringify({ organisation: 'x', keyword: 'a'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.body.errors[0].code).toBe('request.body_too_large');
  });

  it('checks authentication before validating input', async () => {
    const response = await call('PUT', '/agent/bookings', { rawBody: 'not json' });
    expect(response.status).toBe(401);
  });

  it('answers unknown endpoints with a 404 envelope', async () => {
    const response = await api.post('/agent/no-such-thing', {});
    expect(response.status).toBe(404);
    expect(response.body.errors[0].code).toBe('route.not_found');
    expect(response.body.meta.reason).toBe('Not Found');
  });

  it('never answers with a stack trace', async () => {
    const { admin } = await createTenant();
    const response = await call('POST', '/agent/bookings', {
      token: admin.token,
      rawBody: '{"organisation": {"nested": true}, "skip": "zero"}',
    });
    expect(response.status).toBe(422);
    expect(response.text).not.toMatch(/at .*\.ts:\d+/);
  });
});
