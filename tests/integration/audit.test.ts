import { describe, expect, it } from 'vitest';
import { api } from './support/api-client';
import { createBookingVia, createTenant } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

withTestDatabase();

describe('POST /audit', () => {
  it('records every change as <area>:<action>, newest first, with user and organisation', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createBookingVia(admin.token, parentId);
    await api.post(`/agent/bookings/${id}`, { customer_name: 'Changed' }, { token: admin.token });
    await api.post(`/agent/bookings/${id}/update-reference`, { booking_reference: 'AUD-2' }, { token: admin.token });
    await api.put('/agent/suppliers', { organisation: parentId, supplier_name: 'S' }, { token: admin.token });
    await api.delete(`/agent/bookings/${id}`, { token: admin.token });
    const response = await api.post('/audit', { organisation: parentId }, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data.map((r: { type: string }) => r.type)).toEqual([
      'booking:delete',
      'supplier:create',
      'booking:update-reference',
      'booking:update',
      'booking:create',
      'customer:create',
    ]);
    expect(response.body.data[0]).toMatchObject({
      entity_id: id,
      user: { id: admin.userId },
      organisation: { id: parentId, name: expect.any(String) },
    });
    expect(Object.keys(response.body.data[0]).sort()).toEqual([
      'created_at',
      'entity_id',
      'id',
      'organisation',
      'type',
      'user',
    ]);
  });

  it('filters by keyword on the event type and pages with take up to 200 (default 20)', async () => {
    const { admin, parentId } = await createTenant();
    for (let i = 0; i < 22; i++)
      await api.put('/agent/suppliers', { organisation: parentId, supplier_name: `S${i}` }, { token: admin.token });
    await createBookingVia(admin.token, parentId);
    const page = await api.post('/audit', { organisation: parentId }, { token: admin.token });
    expect(page.body.data).toHaveLength(20);
    expect(page.body.meta.has_more).toBe(true);
    const suppliers = await api.post(
      '/audit',
      { organisation: parentId, keyword: 'SUPPLIER:', take: 200 },
      { token: admin.token },
    );
    expect(suppliers.body.data).toHaveLength(22);
    expect((await api.post('/audit', { organisation: parentId, take: 201 }, { token: admin.token })).status).toBe(422);
  });

  it("shows a key without organisation:audit only its own user's events", async () => {
    const tenant = await createTenant();
    const agent = await tenant.makeCaller({
      roles: ['booking-and-payment:create:booking'],
      organisationId: tenant.parentId,
    });
    const agentBooking = await createBookingVia(agent.token, tenant.parentId);
    await createBookingVia(tenant.admin.token, tenant.parentId);
    const own = await api.post('/audit', { organisation: tenant.parentId, keyword: 'booking' }, { token: agent.token });
    expect(own.body.data.map((r: { entity_id: string }) => r.entity_id)).toEqual([agentBooking]);
    const everything = await api.post(
      '/audit',
      { organisation: tenant.parentId, keyword: 'booking' },
      { token: tenant.admin.token },
    );
    expect(everything.body.data).toHaveLength(2);
  });

  it('needs organisation:audit to filter by user', async () => {
    const tenant = await createTenant();
    const agent = await tenant.makeCaller({
      roles: ['booking-and-payment:create:booking'],
      organisationId: tenant.parentId,
    });
    await createBookingVia(agent.token, tenant.parentId);
    await createBookingVia(tenant.admin.token, tenant.parentId);
    const refused = await api.post(
      '/audit',
      { organisation: tenant.parentId, user: agent.userId },
      { token: agent.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toContain('organisation:audit');
    const filtered = await api.post(
      '/audit',
      { organisation: tenant.parentId, user: agent.userId },
      { token: tenant.admin.token },
    );
    expect(filtered.body.data.length).toBeGreaterThan(0);
    expect(filtered.body.data.every((r: { user: { id: string } }) => r.user.id === agent.userId)).toBe(true);
    expect(
      (await api.post('/audit', { organisation: tenant.parentId, user: 'nope' }, { token: tenant.admin.token })).status,
    ).toBe(422);
  });

  it('covers child organisations only with show-child-organisations, and never another tenant', async () => {
    const tenant = await createTenant('Mine');
    const theirs = await createTenant('Theirs');
    await createBookingVia(tenant.admin.token, tenant.childId);
    const own = await api.post(
      '/audit',
      { organisation: tenant.parentId, keyword: 'booking' },
      { token: tenant.admin.token },
    );
    expect(own.body.data).toHaveLength(0);
    const withChildren = await api.post(
      '/audit',
      { organisation: tenant.parentId, keyword: 'booking', 'show-child-organisations': true },
      { token: tenant.admin.token },
    );
    expect(withChildren.body.data).toHaveLength(1);
    expect((await api.post('/audit', { organisation: theirs.parentId }, { token: tenant.admin.token })).status).toBe(
      403,
    );
  });
});
