import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { auditRecords, groupMembers } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';
import { errorCode, getGroupVia } from './group-support';
import { collectionGroup, collectionsOf } from './collection-support';

withTestDatabase();

const optOut = (token: string, groupId: string, memberId: string, body: unknown) =>
  api.put(`/agent/payment-link-groups/${groupId}/members/${memberId}/auto-collect`, body, { token });

describe('PUT /agent/payment-link-groups/{id}/members/{member_id}/auto-collect (organiser opt-out)', () => {
  it("turns the member's automatic collection off, cancels their queued collections, and audits it", async () => {
    const { tenant, group } = await collectionGroup({ members: 2 });
    const [member, other] = group.members;
    const [queued] = await collectionsOf([member!.payment_links[1]!.id]);
    const response = await optOut(tenant.admin.token, group.id, member!.id, { enabled: false });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({
      member_id: member!.id,
      auto_collect: false,
      cancelled_scheduled_payments: [queued!.id],
    });
    expect((await collectionsOf([member!.payment_links[1]!.id]))[0]).toMatchObject({
      status: 'CANCELLED',
      failureReason: 'auto_collect_off',
    });
    // The other member still collects.
    expect((await collectionsOf([other!.payment_links[1]!.id]))[0]).toMatchObject({ status: 'QUEUED' });
    const [row] = await (await getDb()).select().from(groupMembers).where(eq(groupMembers.id, member!.id));
    expect(row!.autoCollect).toBe(false);
    const audit = await (
      await getDb()
    )
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.organisationId, tenant.parentId)));
    expect(audit.filter((a) => a.entityId === member!.id).map((a) => [a.type, a.userId])).toEqual([
      ['payment-link-group:auto-collect-off', tenant.admin.userId],
    ]);
    expect(audit.filter((a) => a.entityId === queued!.id).map((a) => a.type)).toEqual(['scheduled-payment:cancel']);
    const got = await getGroupVia(tenant.admin.token, group.id);
    expect(got.body.data.members.find((m: { id: string }) => m.id === member!.id).auto_collect).toBe(false);
    // Again: nothing left to cancel, still off.
    const again = await optOut(tenant.admin.token, group.id, member!.id, { enabled: false });
    expect(again.body.data).toEqual({ member_id: member!.id, auto_collect: false, cancelled_scheduled_payments: [] });
  });

  it('refuses to turn it on (only the member consents, at checkout), and checks role, organisation and member', async () => {
    const { tenant, group } = await collectionGroup({ members: 1, optIn: 0 });
    const member = group.members[0]!;
    expect(errorCode(await optOut(tenant.admin.token, group.id, member.id, { enabled: true }))).toEqual([
      403,
      'group.auto_collect_consent',
    ]);
    expect((await optOut(tenant.admin.token, group.id, member.id, {})).status).toBe(422);
    const reader = await tenant.makeCaller({ roles: [], organisationId: tenant.parentId });
    expect(errorCode(await optOut(reader.token, group.id, member.id, { enabled: false }))).toEqual([
      403,
      'auth.missing_role',
    ]);
    const stranger = await createTenant('Stranger');
    expect((await optOut(stranger.admin.token, group.id, member.id, { enabled: false })).status).toBe(404);
    const elsewhere = await collectionGroup({ members: 1, optIn: 0 });
    expect(
      errorCode(await optOut(tenant.admin.token, group.id, elsewhere.group.members[0]!.id, { enabled: false })),
    ).toEqual([404, 'group.member_not_found']);
  });
});
