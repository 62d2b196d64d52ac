import { describe, expect, it } from 'vitest';
import { api } from './support/api-client';
import { createTenant, tokenFor } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

withTestDatabase();

describe('API key extension (/agent/api-keys)', () => {
  it('creates a key whose private key is shown once and works at once', async () => {
    const { admin, parentId } = await createTenant();
    const created = await api.put(
      '/agent/api-keys',
      { organisation: parentId, name: 'Website', roles: ['booking-and-payment:create:booking'] },
      { token: admin.token },
    );
    expect(created.status).toBe(200);
    const key = created.body.data;
    expect(key).toMatchObject({
      name: 'Website',
      organisation: parentId,
      roles: ['booking-and-payment:create:booking'],
    });
    expect(key.public_key).toMatch(/^pk_/);
    expect(key.private_key).toMatch(/^sk_/);
    const token = await tokenFor(key.public_key, key.private_key);
    expect(
      (
        await api.put(
          '/agent/bookings',
          { organisation: parentId, booking_reference: 'K-1', customer_name: 'A', email: 'a@example.com' },
          { token },
        )
      ).status,
    ).toBe(200);
    const list = await api.post('/agent/api-keys', { organisation: parentId }, { token: admin.token });
    const listed = list.body.data.find((k: { id: string }) => k.id === key.id);
    expect(listed).toMatchObject({ public_key: key.public_key, name: 'Website' });
    expect(listed.private_key).toBeUndefined();
    expect(list.text).not.toContain(key.private_key);
  });

  it('refuses roles wider than the caller, naming them', async () => {
    const tenant = await createTenant();
    const manager = await tenant.makeCaller({
      roles: ['developers:manage:keys', 'booking-and-payment:create:booking'],
      organisationId: tenant.parentId,
    });
    const response = await api.put(
      '/agent/api-keys',
      {
        organisation: tenant.parentId,
        name: 'Too wide',
        roles: ['booking-and-payment:create:booking', 'organisation:audit'],
      },
      { token: manager.token },
    );
    expect(response.status).toBe(403);
    expect(response.body.errors[0]).toMatchObject({ code: 'api_key.role_not_held' });
    expect(response.body.errors[0].message).toContain('organisation:audit');
    const ok = await api.put(
      '/agent/api-keys',
      { organisation: tenant.parentId, name: 'Narrow', roles: ['booking-and-payment:create:booking'] },
      { token: manager.token },
    );
    expect(ok.status).toBe(200);
  });

  it('validates names and roles', async () => {
    const { admin, parentId } = await createTenant();
    const response = await api.put(
      '/agent/api-keys',
      { organisation: parentId, roles: ['not:a:role'] },
      { token: admin.token },
    );
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { message: string }) => e.message.split(' ')[0]).sort()).toEqual([
      'name',
      'roles.0',
    ]);
  });

  it('needs developers:manage:keys for every verb', async () => {
    const tenant = await createTenant();
    const agent = await tenant.makeCaller({
      roles: ['booking-and-payment:create:booking'],
      organisationId: tenant.parentId,
    });
    expect(
      (
        await api.put(
          '/agent/api-keys',
          { organisation: tenant.parentId, name: 'x', roles: [] },
          { token: agent.token },
        )
      ).status,
    ).toBe(403);
    expect((await api.post('/agent/api-keys', { organisation: tenant.parentId }, { token: agent.token })).status).toBe(
      403,
    );
    expect((await api.delete(`/agent/api-keys/${tenant.admin.apiKeyId}`, { token: agent.token })).status).toBe(403);
  });

  it("cannot see, make or revoke another organisation's keys", async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    expect(
      (
        await api.put(
          '/agent/api-keys',
          { organisation: theirs.parentId, name: 'x', roles: [] },
          { token: mine.admin.token },
        )
      ).status,
    ).toBe(403);
    expect(
      (await api.post('/agent/api-keys', { organisation: theirs.parentId }, { token: mine.admin.token })).status,
    ).toBe(403);
    expect((await api.delete(`/agent/api-keys/${theirs.admin.apiKeyId}`, { token: mine.admin.token })).status).toBe(
      404,
    );
    expect((await api.get('/user/organisations', { token: theirs.admin.token })).status).toBe(200);
  });

  it('revokes once: the second revoke and unknown ids answer 404, revoked keys leave the list', async () => {
    const { admin, parentId } = await createTenant();
    const created = (
      await api.put('/agent/api-keys', { organisation: parentId, name: 'Temp', roles: [] }, { token: admin.token })
    ).body.data;
    expect((await api.delete(`/agent/api-keys/${created.id}`, { token: admin.token })).status).toBe(200);
    expect((await api.delete(`/agent/api-keys/${created.id}`, { token: admin.token })).status).toBe(404);
    expect(
      (await api.delete('/agent/api-keys/00000000-0000-4000-8000-000000000000', { token: admin.token })).status,
    ).toBe(404);
    expect((await api.delete('/agent/api-keys/nope', { token: admin.token })).status).toBe(404);
    const list = await api.post('/agent/api-keys', { organisation: parentId }, { token: admin.token });
    expect(list.body.data.map((k: { id: string }) => k.id)).not.toContain(created.id);
    const audit = await api.post('/audit', { organisation: parentId, keyword: 'api-key' }, { token: admin.token });
    expect(audit.body.data.map((r: { type: string }) => r.type)).toEqual(['api-key:revoke', 'api-key:create']);
  });
});
