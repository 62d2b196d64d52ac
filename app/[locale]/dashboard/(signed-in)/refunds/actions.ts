'use server';

import { z } from 'zod';
import { authorizationCodeParams, decideRefund } from '@/lib/core/refunds/refunds';
import { dashboardAction } from '@/lib/http/dashboard-action';

/*
 * Authorise or decline a refund awaiting authorisation: decideRefund, as GET /agent/refunds/{code}/authorise
 * and /decline call it (one conditional UPDATE; refund.same_user, a 403, when the organisation wants a second
 * user and the requester tries to authorise; refund.not_pending, a 409, when someone decided first).
 */
const decide = (decision: 'authorise' | 'decline') =>
  dashboardAction({
    role: 'booking-and-payment:create:payment',
    input: z.object({ code: authorizationCodeParams.shape.authorization_code }),
    back: '/refunds',
    run: async ({ db, actor }, input) => {
      const refund = await decideRefund(db, actor, input.code, decision);
      return decision === 'decline' ? 'declined' : refund.status === 'COMPLETE' ? 'completed' : 'authorised';
    },
  });
const authorise = decide('authorise');
const decline = decide('decline');

export async function authoriseRefundAction(form: FormData): Promise<void> {
  await authorise(form);
}
export async function declineRefundAction(form: FormData): Promise<void> {
  await decline(form);
}
