import { afterEach, describe, expect, it } from 'vitest';
import { embedFrameAncestors, publicKeyMayPay, sessionEmbedOrigins } from '@/lib/core/hosted-checkout/embed-origins';
import { getDb } from '@/lib/db/client';
import { api } from '../support/api-client';
import { createTenant, type Tenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

async function createSession(tenant: Tenant, organisation = tenant.parentId): Promise<string> {
  const response = await api.put(
    '/agent/ecommerce',
    { organisation, customer_name: 'Ada', email: 'ada@example.com', amount: 1000 },
    { token: tenant.admin.token },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.data.id;
}

const setOrigins = async (tenant: Tenant, organisation: string, origins: string[]) =>
  expect(
    (
      await api.post(
        `/agent/organisations/${organisation}/settings`,
        { allowed_embed_origins: origins },
        { token: tenant.admin.token },
      )
    ).status,
  ).toBe(200);

describe('who may frame an embedded session', () => {
  const mode = process.env.MODE;
  afterEach(() => {
    process.env.MODE = mode;
  });

  it("reads the session's organisation's origins on every request, so a change holds at once", async () => {
    const tenant = await createTenant('Frame');
    const id = await createSession(tenant, tenant.childId);
    process.env.MODE = 'production';
    // None set: framed by nobody in production (the sandbox lets any http(s) page frame it).
    expect(await embedFrameAncestors(`/embed/${id}`)).toBe("'none'");
    process.env.MODE = 'sandbox';
    expect(await embedFrameAncestors(`/embed/${id}`)).toBe('https: http:');
    process.env.MODE = 'production';
    await setOrigins(tenant, tenant.childId, ['https://shop.example/', 'https://www.shop.example']);
    expect(await sessionEmbedOrigins(await getDb(), id)).toEqual(['https://shop.example', 'https://www.shop.example']);
    expect(await embedFrameAncestors(`/fr/embed/${id}/return`)).toBe('https://shop.example https://www.shop.example');
    // Only the session's own organisation counts: the parent's list is not the child's.
    await setOrigins(tenant, tenant.parentId, ['https://parent.example']);
    expect(await embedFrameAncestors(`/embed/${id}`)).toBe('https://shop.example https://www.shop.example');
    await setOrigins(tenant, tenant.childId, []);
    expect(await embedFrameAncestors(`/embed/${id}`)).toBe("'none'");
  });

  it('a deleted session keeps its organisation (so its frame can say not found); unknown ids and payment links are never framed', async () => {
    const tenant = await createTenant('Gone');
    const id = await createSession(tenant);
    await setOrigins(tenant, tenant.parentId, ['https://shop.example']);
    expect((await api.delete(`/agent/ecommerce/${id}`, { token: tenant.admin.token })).status).toBe(200);
    expect(await embedFrameAncestors(`/embed/${id}`)).toBe('https://shop.example');
    expect(await embedFrameAncestors('/embed/00000000-0000-4000-8000-000000000000')).toBe("'none'");
    const link = await api.put(
      '/agent/payment-links',
      { organisation: tenant.parentId, customer_name: 'Ada', email: 'ada@example.com', amount: 1000 },
      { token: tenant.admin.token },
    );
    expect(await embedFrameAncestors(`/embed/${link.body.data.id}`)).toBe("'none'");
    expect(await embedFrameAncestors('/docs/errors')).toBeUndefined();
    // No database lookup for the sandbox's step pages outside the sandbox: they are a 404 there.
    process.env.MODE = 'production';
    expect(await embedFrameAncestors('/sandbox/3ds/SBX-1')).toBeUndefined();
  });
});

describe('INITIATE_PAY public keys', () => {
  it("pays only with a live key that reaches the session's organisation", async () => {
    const tenant = await createTenant('Keys');
    const other = await createTenant('Other');
    const id = await createSession(tenant, tenant.childId);
    const childKey = await tenant.makeCaller({ roles: [], organisationId: tenant.childId });
    const db = await getDb();
    expect(await publicKeyMayPay(db, id, tenant.admin.publicKey)).toBe(true); // issued for the parent: reaches the child
    expect(await publicKeyMayPay(db, id, childKey.publicKey)).toBe(true);
    expect(await publicKeyMayPay(db, id, other.admin.publicKey)).toBe(false);
    expect(await publicKeyMayPay(db, id, 'pk_unknown')).toBe(false);
    expect(await publicKeyMayPay(db, 'not-a-uuid', tenant.admin.publicKey)).toBe(false);
    expect((await api.delete(`/token/key/${childKey.apiKeyId}`, { token: tenant.admin.token })).status).toBe(200);
    expect(await publicKeyMayPay(db, id, childKey.publicKey)).toBe(false);
  });
});
