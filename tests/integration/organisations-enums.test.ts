import { describe, expect, it } from 'vitest';
import { api } from './support/api-client';
import { createTenant } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

withTestDatabase();

describe('GET /user/organisations', () => {
  it('lists the key organisation and its children, with the parent as an object when reachable', async () => {
    const tenant = await createTenant();
    const response = await api.get('/user/organisations', { token: tenant.admin.token });
    expect(response.status).toBe(200);
    const byId = Object.fromEntries(response.body.data.map((o: { id: string }) => [o.id, o]));
    expect(Object.keys(byId).sort()).toEqual([tenant.parentId, tenant.childId].sort());
    expect(byId[tenant.parentId].parent).toBeNull();
    expect(byId[tenant.childId].parent).toEqual({ id: tenant.parentId, name: byId[tenant.parentId].name });
    expect(byId[tenant.parentId]).toMatchObject({
      currencies: ['GBX'],
      deleted_at: null,
      image: null,
      payment_methods: expect.any(Array),
    });
    expect(byId[tenant.parentId].features[0]).toMatchObject({
      id: expect.any(String),
      machine_name: expect.any(String),
      name: expect.any(String),
    });
    expect(byId[tenant.parentId].legacy_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives a child key its organisation with the parent as a bare id, and never another tenant's", async () => {
    const tenant = await createTenant('Mine');
    await createTenant('Theirs');
    const childKey = await tenant.makeCaller({ roles: [], organisationId: tenant.childId });
    const response = await api.get('/user/organisations', { token: childKey.token });
    expect(response.body.data.map((o: { id: string; parent: unknown }) => [o.id, o.parent])).toEqual([
      [tenant.childId, tenant.parentId],
    ]);
  });
});

describe('GET /enums', () => {
  it('answers every enumeration grouped by entity without a token, cacheable for an hour', async () => {
    const response = await api.get('/enums');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const data = response.body.data;
    expect(Object.keys(data.currency)).toEqual(['GBX', 'USX', 'EUX']);
    expect(data.organisation.feature).toContain('booking-and-payment');
    expect(data.transaction.method).toEqual(['MOTO_OTHER', 'ONLINE', 'MOTO_IN_PERSON']);
    expect(data.transaction.type).toEqual(['CARD', 'OPEN_BANKING']);
    expect(data.transaction.status).toEqual(
      expect.arrayContaining([
        'COMPLETE',
        'DECLINED',
        'REJECTED',
        'PAYMENTINPROGRESS',
        'PENDING',
        'ABANDONED',
        'REVERSED',
        'FAILED',
      ]),
    );
    expect(data.user.role).toHaveLength(20);
    expect(data.user.role).toContain('booking-and-payment:delete:booking');
  });
});
