import { describe, expect, it } from 'vitest';
import { api } from '../support/api-client';
import { createTenant, tokenFor } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';
import { sdk } from './felloh-sdk';

withTestDatabase();

describe('Felloh SDK: apiKeys (POST /token/keys, POST /token/key, DELETE /token/key/{id})', () => {
  it('lists with only { organisation }: id, name, public_key, created_at, never a private key', async () => {
    const { admin, parentId } = await createTenant();
    const listed = await sdk(admin.token).apiKeys.list({ organisation: parentId });
    expect(listed.data.length).toBeGreaterThan(0);
    expect(listed.meta.count).toBe(listed.data.length);
    expect(listed.data).toContainEqual(
      expect.objectContaining({
        id: admin.apiKeyId,
        name: expect.any(String),
        public_key: admin.publicKey,
        created_at: expect.any(String),
      }),
    );
    expect(JSON.stringify(listed.data)).not.toMatch(/private_key|secret_key/);
  });

  it("creates with { organisation, name }: name, public_key and secret_key, a pair that works, with the caller's roles", async () => {
    const tenant = await createTenant();
    const manager = await tenant.makeCaller({
      roles: ['developers:manage:keys', 'booking-and-payment:create:booking'],
      organisationId: tenant.parentId,
    });
    const created = await sdk(manager.token).apiKeys.create({ organisation: tenant.parentId, name: 'SDK key' });
    expect(created.data).toMatchObject({
      name: 'SDK key',
      public_key: expect.any(String),
      secret_key: expect.any(String),
    });
    expect(created.data.roles.sort()).toEqual(['booking-and-payment:create:booking', 'developers:manage:keys']);
    const token = await tokenFor(created.data.public_key, created.data.secret_key);
    expect(
      (
        await sdk(token).bookings.create({
          organisation: tenant.parentId,
          booking_reference: 'K-1',
          customer_name: 'A',
          email: 'a@example.com',
        })
      ).data.id,
    ).toEqual(expect.any(String));
    // The same service as PUT /agent/api-keys: it appears in both lists.
    const viaExtension = await api.post('/agent/api-keys', { organisation: tenant.parentId }, { token: manager.token });
    expect(viaExtension.body.data.map((k: { public_key: string }) => k.public_key)).toContain(created.data.public_key);
  });

  it('deletes by the public key the create answered (the SDK learns no id), or by id; the key stops working at once', async () => {
    const { admin, parentId } = await createTenant();
    const client = sdk(admin.token);
    const byPublic = (await client.apiKeys.create({ organisation: parentId, name: 'Temp 1' })).data;
    const token = await tokenFor(byPublic.public_key, byPublic.secret_key);
    expect((await client.apiKeys.delete(byPublic.public_key)).data).toEqual({});
    expect((await api.post('/agent/bookings', { organisation: parentId }, { token })).status).toBe(403);
    const byId = (await client.apiKeys.create({ organisation: parentId, name: 'Temp 2' })).data;
    expect((await client.apiKeys.delete(byId.id)).data).toEqual({});
    const remaining = (await client.apiKeys.list({ organisation: parentId })).data.map((k: { id: string }) => k.id);
    expect(remaining).not.toContain(byPublic.id);
    expect(remaining).not.toContain(byId.id);
    await expect(client.apiKeys.delete(byId.public_key)).rejects.toMatchObject({ status: 404 });
  });

  it('needs developers:manage:keys on every alias path, like the extension paths', async () => {
    const tenant = await createTenant();
    const agent = await tenant.makeCaller({
      roles: ['booking-and-payment:create:booking'],
      organisationId: tenant.parentId,
    });
    const client = sdk(agent.token);
    await expect(client.apiKeys.list({ organisation: tenant.parentId })).rejects.toMatchObject({ status: 403 });
    await expect(client.apiKeys.create({ organisation: tenant.parentId, name: 'x' })).rejects.toMatchObject({
      status: 403,
    });
    await expect(client.apiKeys.delete(tenant.admin.publicKey)).rejects.toMatchObject({ status: 403 });
  });
});
