import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { setClockOffset } from '@/lib/clock';
import { api } from './support/api-client';
import { createTenant, tokenFor } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

withTestDatabase();

describe('POST /token', () => {
  it('issues a 60-hour bearer JWT for a valid key pair', async () => {
    const tenant = await createTenant();
    const response = await api.post('/token', {
      public_key: tenant.admin.publicKey,
      private_key: tenant.admin.privateKey,
    });
    expect(response.status).toBe(200);
    expect(response.body.meta).toMatchObject({ code: 200, reason: 'OK' });
    expect(response.body.data.type).toBe('BEARER');
    expect(response.body.data.token.split('.')).toHaveLength(3);
    const lifetime = response.body.data.expiry_time - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThan(60 * 3600 - 5);
    expect(lifetime).toBeLessThanOrEqual(60 * 3600);
  });

  it('refuses a wrong private key and an unknown public key with 401', async () => {
    const tenant = await createTenant();
    const wrong = await api.post('/token', { public_key: tenant.admin.publicKey, private_key: 'sk_nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].code).toBe('auth.invalid_credentials');
    const unknown = await api.post('/token', { public_key: 'pk_unknown', private_key: tenant.admin.privateKey });
    expect(unknown.status).toBe(401);
  });

  it('answers 422 naming each missing key', async () => {
    const response = await api.post('/token', {});
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'public_key is required.',
      'private_key is required.',
    ]);
  });
});

describe('bearer tokens', () => {
  it('answers 401 without an Authorization header', async () => {
    const response = await api.get('/user/organisations');
    expect(response.status).toBe(401);
    expect(response.body.errors[0]).toMatchObject({ code: 'auth.missing_token', type: 'authentication_error' });
    expect(Object.keys(response.body.errors[0]).sort()).toEqual([
      'code',
      'documentation_url',
      'message',
      'title',
      'type',
    ]);
  });

  it('answers 403 for a malformed token and for a token signed with another secret', async () => {
    const tenant = await createTenant();
    expect((await api.get('/user/organisations', { token: 'not-a-jwt' })).status).toBe(403);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(tenant.admin.apiKeyId)
      .setIssuer('travel-pay')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-entirely'));
    const response = await api.get('/user/organisations', { token: forged });
    expect(response.status).toBe(403);
    expect(response.body.errors[0].code).toBe('auth.invalid_token');
  });

  it('answers 403 once the token is past its 60 hours', async () => {
    const tenant = await createTenant();
    try {
      setClockOffset(60 * 3600 * 1000 - 60_000);
      expect((await api.get('/user/organisations', { token: tenant.admin.token })).status).toBe(200);
      setClockOffset(60 * 3600 * 1000 + 1000);
      expect((await api.get('/user/organisations', { token: tenant.admin.token })).status).toBe(403);
    } finally {
      setClockOffset(0);
    }
  });

  it('stops working at once when its key is revoked', async () => {
    const tenant = await createTenant();
    const other = await tenant.makeCaller({ roles: ['developers:manage:keys'], organisationId: tenant.parentId });
    expect((await api.get('/user/organisations', { token: other.token })).status).toBe(200);
    expect((await api.delete(`/agent/api-keys/${other.apiKeyId}`, { token: tenant.admin.token })).status).toBe(200);
    expect((await api.get('/user/organisations', { token: other.token })).status).toBe(403);
    expect((await api.post('/token', { public_key: other.publicKey, private_key: other.privateKey })).status).toBe(401);
  });

  it('gives a key no more roles than its user still has', async () => {
    const tenant = await createTenant();
    const caller = await tenant.makeCaller({
      roles: ['booking-and-payment:create:booking'],
      organisationId: tenant.parentId,
    });
    const token = await tokenFor(caller.publicKey, caller.privateKey);
    const response = await api.put(
      '/agent/suppliers',
      { organisation: tenant.parentId, supplier_name: 'X' },
      { token },
    );
    expect(response.status).toBe(403);
    expect(response.body.errors[0].code).toBe('auth.missing_role');
  });
});
