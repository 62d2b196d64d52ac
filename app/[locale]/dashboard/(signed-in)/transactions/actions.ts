'use server';

import { z } from 'zod';
import { requestRefund } from '@/lib/core/refunds/refunds';
import { isUuid } from '@/lib/core/shared/is-uuid';
import { captureOrReverse } from '@/lib/core/transactions/capture-or-reverse';
import { getTransaction } from '@/lib/core/transactions/get-transaction';
import { reassignTransaction } from '@/lib/core/transactions/reassign-transaction';
import { dashboardAction } from '@/lib/http/dashboard-action';
import { amountField } from '../_money/amount-input';
import { bookingIdFor } from '../_money/booking-by-reference';

/*
 * A payment's actions, each dashboardAction around the core function its API operation calls (the same role
 * checks, locks and audit records): refund (POST .../refund), complete and reverse (GET .../complete|reverse),
 * re-assign (POST .../re-assign). The 303 returns to the payment's page.
 */
const transaction = z.uuid();
const backToPayment = (values: Record<string, unknown>) =>
  typeof values.transaction === 'string' && isUuid(values.transaction)
    ? `/transactions/${values.transaction}`
    : '/transactions';

const refund = dashboardAction({
  role: 'booking-and-payment:create:payment',
  input: z.object({ transaction, amount: amountField }),
  back: backToPayment,
  run: async ({ db, actor }, input) => {
    await requestRefund(db, actor, input.transaction, input.amount);
    return 'refund-requested';
  },
});

const modify = (action: 'complete' | 'reverse') =>
  dashboardAction({
    role: 'booking-and-payment:create:payment',
    input: z.object({ transaction }),
    back: backToPayment,
    run: async ({ db, actor }, input) => {
      const after = await captureOrReverse(db, actor, input.transaction, action);
      // Adyen only receives the request; its notification settles it (capture-or-reverse.ts).
      return after.status === 'PENDING' ? `${action}-requested` : `${action}d`;
    },
  });
const complete = modify('complete');
const reverse = modify('reverse');

const reassign = dashboardAction({
  role: 'booking-and-payment:reassign:booking',
  input: z.object({ transaction, booking: z.string().trim().min(1).max(255) }),
  back: backToPayment,
  run: async ({ db, actor }, input) => {
    // The booking is looked for in the payment's own organisation: money never crosses organisations.
    const { organisation } = await getTransaction(db, actor, input.transaction);
    await reassignTransaction(db, actor, input.transaction, await bookingIdFor(db, actor, organisation, input.booking));
    return 'reassigned';
  },
});

export async function refundAction(form: FormData): Promise<void> {
  await refund(form);
}
export async function completeAction(form: FormData): Promise<void> {
  await complete(form);
}
export async function reverseAction(form: FormData): Promise<void> {
  await reverse(form);
}
export async function reassignAction(form: FormData): Promise<void> {
  await reassign(form);
}
