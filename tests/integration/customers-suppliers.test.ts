import { describe, expect, it } from 'vitest';
import { api } from './support/api-client';
import { createTenant } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

withTestDatabase();

describe('customers', () => {
  it('creates a customer with its address and lists it newest first', async () => {
    const { admin, parentId } = await createTenant();
    const created = await api.put(
      '/agent/customers',
      {
        organisation: parentId,
        customer_name: 'Ann Other',
        email: 'ann@example.com',
        address_1: '1 High Street',
        city: 'York',
        country: 'GB',
        post_code: 'YO1 1AA',
      },
      { token: admin.token },
    );
    expect(created.status).toBe(200);
    expect(created.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    await api.put('/agent/customers', { organisation: parentId, customer_name: 'Bob Later' }, { token: admin.token });
    const list = await api.post('/agent/customers', { organisation: parentId }, { token: admin.token });
    expect(list.body.meta.count).toBe(2);
    expect(list.body.data[1]).toMatchObject({
      id: created.body.data.id,
      customer_name: 'Ann Other',
      address_1: '1 High Street',
      city: 'York',
      post_code: 'YO1 1AA',
      organisation: parentId,
    });
    const found = await api.post(
      '/agent/customers',
      { organisation: parentId, keyword: 'ANN@' },
      { token: admin.token },
    );
    expect(found.body.data.map((c: { customer_name: string }) => c.customer_name)).toEqual(['Ann Other']);
  });

  it('makes the customer of a booking from its email, once per organisation', async () => {
    const { admin, parentId } = await createTenant();
    const a = await api.put(
      '/agent/bookings',
      { organisation: parentId, booking_reference: 'C-1', customer_name: 'Cat', email: 'cat@example.com' },
      { token: admin.token },
    );
    const b = await api.put(
      '/agent/bookings',
      { organisation: parentId, booking_reference: 'C-2', customer_name: 'Cat', email: 'CAT@example.com' },
      { token: admin.token },
    );
    expect(a.body.data.customer.id).toBe(b.body.data.customer.id);
    const list = await api.post('/agent/customers', { organisation: parentId }, { token: admin.token });
    expect(list.body.data).toHaveLength(1);
  });

  it('validates, checks the role and isolates organisations', async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const bad = await api.put(
      '/agent/customers',
      { organisation: mine.parentId, email: 'nope' },
      { token: mine.admin.token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].message).toBe('email must be a valid email address.');
    expect((await api.put('/agent/customers', { customer_name: 'X' }, { token: mine.admin.token })).status).toBe(422);
    const reader = await mine.makeCaller({ roles: [], organisationId: mine.parentId });
    expect(
      (await api.put('/agent/customers', { organisation: mine.parentId, customer_name: 'X' }, { token: reader.token }))
        .status,
    ).toBe(403);
    await api.put(
      '/agent/customers',
      { organisation: theirs.parentId, customer_name: 'Secret' },
      { token: theirs.admin.token },
    );
    expect(
      (await api.post('/agent/customers', { organisation: theirs.parentId }, { token: mine.admin.token })).status,
    ).toBe(403);
    expect(
      (
        await api.put(
          '/agent/customers',
          { organisation: theirs.parentId, customer_name: 'X' },
          { token: mine.admin.token },
        )
      ).status,
    ).toBe(403);
    expect(
      (await api.post('/agent/customers', { organisation: mine.parentId, take: 26 }, { token: mine.admin.token }))
        .status,
    ).toBe(422);
  });
});

describe('suppliers', () => {
  it('creates and lists suppliers, filtering by keyword', async () => {
    const { admin, parentId } = await createTenant();
    const created = await api.put(
      '/agent/suppliers',
      { organisation: parentId, supplier_name: 'Alpine Hotels' },
      { token: admin.token },
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ supplier_name: 'Alpine Hotels', organisation: parentId });
    await api.put(
      '/agent/suppliers',
      { organisation: parentId, supplier_name: 'Coastal Ferries' },
      { token: admin.token },
    );
    const list = await api.post('/agent/suppliers', { organisation: parentId }, { token: admin.token });
    expect(list.body.data.map((s: { supplier_name: string }) => s.supplier_name)).toEqual([
      'Coastal Ferries',
      'Alpine Hotels',
    ]);
    const found = await api.post(
      '/agent/suppliers',
      { organisation: parentId, keyword: 'alp' },
      { token: admin.token },
    );
    expect(found.body.data).toHaveLength(1);
  });

  it('needs suppliers:manage to create, a name, and an accessible organisation', async () => {
    const mine = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    const missing = await api.put('/agent/suppliers', { organisation: mine.parentId }, { token: mine.admin.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].message).toBe('supplier_name is required.');
    const agent = await mine.makeCaller({
      roles: ['booking-and-payment:create:booking'],
      organisationId: mine.parentId,
    });
    const refused = await api.put(
      '/agent/suppliers',
      { organisation: mine.parentId, supplier_name: 'X' },
      { token: agent.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toContain('suppliers:manage');
    expect(
      (await api.post('/agent/suppliers', { organisation: theirs.parentId }, { token: mine.admin.token })).status,
    ).toBe(403);
  });
});
