import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { getDb } from '@/lib/db/client';
import { refunds } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/** A tenant with two users who may both refund, a paid payment and a refund requested by the first. */
async function refundRequestedByAdmin({ fourEyes }: { fourEyes: boolean }) {
  const tenant = await createTenant();
  const { admin, parentId } = tenant;
  if (fourEyes)
    expect(
      (
        await api.post(
          `/agent/organisations/${parentId}/settings`,
          { refunds_require_second_user: true },
          { token: admin.token },
        )
      ).body.data.refunds_require_second_user,
    ).toBe(true);
  const colleague = await tenant.makeCaller({ roles: allRoles, organisationId: parentId });
  const { transactionId } = (await pay(await createLinkVia(admin.token, parentId))) as { transactionId: string };
  const refund = (
    await api.post(`/agent/transactions/${transactionId}/refund`, { amount: 1000 }, { token: admin.token })
  ).body.data;
  return { admin, colleague, refund };
}

const statusOf = async (id: string) => (await (await getDb()).select().from(refunds).where(eq(refunds.id, id)))[0]!;

describe('refunds_require_second_user', () => {
  it('refuses the requester authorising their own refund; another user may, and is recorded', async () => {
    const { admin, colleague, refund } = await refundRequestedByAdmin({ fourEyes: true });
    const own = await api.get(`/agent/refunds/${refund.authorization_code}/authorise`, { token: admin.token });
    expect(own.status).toBe(403);
    expect(own.body.errors[0].code).toBe('refund.same_user');
    expect(await statusOf(refund.id)).toMatchObject({ status: 'PENDING_AUTHORISATION', authorisedByUserId: null });
    const other = await api.get(`/agent/refunds/${refund.authorization_code}/authorise`, { token: colleague.token });
    expect(other.body.data).toMatchObject({ status: 'COMPLETE', authorised_by_user_id: colleague.userId });
    expect(await statusOf(refund.id)).toMatchObject({ userId: admin.userId, authorisedByUserId: colleague.userId });
  });

  it('lets the requester decline their own refund: it moves no money', async () => {
    const { admin, refund } = await refundRequestedByAdmin({ fourEyes: true });
    const declined = await api.get(`/agent/refunds/${refund.authorization_code}/decline`, { token: admin.token });
    expect(declined.body.data.status).toBe('DECLINED');
  });

  it('lets the requester authorise when the setting is off (the default)', async () => {
    const { admin, refund } = await refundRequestedByAdmin({ fourEyes: false });
    const own = await api.get(`/agent/refunds/${refund.authorization_code}/authorise`, { token: admin.token });
    expect(own.body.data).toMatchObject({ status: 'COMPLETE', authorised_by_user_id: admin.userId });
  });
});
