import { describe, expect, it } from 'vitest';
import { insertApiKey } from '@/lib/core/api-keys/api-keys';
import { roles } from '@/lib/core/enums';
import { createUser, removeUserFromOrganisation } from '@/lib/core/organisations/provision';
import { getDb } from '@/lib/db/client';
import { api } from '../support/api-client';
import { createTenant, tokenFor } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

describe('a key of a user who left the organisation', () => {
  it('stops working at once: the same token answers 403', async () => {
    const tenant = await createTenant('Leaver');
    const caller = await tenant.makeCaller({ roles, organisationId: tenant.parentId });
    expect((await api.get('/user/organisations', { token: caller.token })).status).toBe(200);
    expect(
      await removeUserFromOrganisation(await getDb(), { userId: caller.userId, organisationId: tenant.parentId }),
    ).toBe(true);
    const after = await api.get('/user/organisations', { token: caller.token });
    expect(after.status).toBe(403);
    expect(after.body.errors[0].code).toBe('auth.invalid_token');
    // Nor can the key pair be exchanged for a new token.
    const exchange = await api.post('/token', { public_key: caller.publicKey, private_key: caller.privateKey });
    expect(exchange.status).toBe(401);
    expect(exchange.body.errors[0].code).toBe('auth.invalid_credentials');
  });

  it('keeps working for a key on a child organisation while the user belongs to the parent', async () => {
    const tenant = await createTenant('Parent');
    const db = await getDb();
    const user = await createUser(db, {
      email: `p-${Date.now()}@example.com`,
      name: 'Parent user',
      roles,
      organisationIds: [tenant.parentId],
    });
    const key = await insertApiKey(db, { userId: user.id, organisationId: tenant.childId, name: 'child key', roles });
    const token = await tokenFor(key.public_key, key.private_key);
    expect((await api.get('/user/organisations', { token })).status).toBe(200);
    await removeUserFromOrganisation(db, { userId: user.id, organisationId: tenant.parentId });
    expect((await api.get('/user/organisations', { token })).status).toBe(403);
    // The admin of the same organisation is untouched.
    expect((await api.get('/user/organisations', { token: tenant.admin.token })).status).toBe(200);
  });
});

describe('authorization schemes', () => {
  it('answers 401 for another scheme, a bare Bearer and no header; 403 for a bad bearer token', async () => {
    const basic = await api.get('/user/organisations', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
    expect(basic.body.errors[0]).toMatchObject({ code: 'auth.unsupported_scheme', type: 'authentication_error' });
    const bare = await api.get('/user/organisations', { headers: { authorization: 'Bearer' } });
    expect(bare.status).toBe(401);
    expect(bare.body.errors[0].code).toBe('auth.missing_token');
    expect((await api.get('/user/organisations')).status).toBe(401);
    expect((await api.get('/user/organisations', { token: 'nope' })).status).toBe(403);
  });
});
