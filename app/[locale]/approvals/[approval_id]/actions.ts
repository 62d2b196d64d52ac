'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { hostedDecideApproval } from '@/lib/core/approvals/hosted-approvals';
import { checkoutAction, formValues } from '../../checkout-action';
import { approvalPath } from './approval-paths';

/** The approval acted on is the page's (checkoutAction); the form's `approvalId`, when sent, must name it. */
const decide = checkoutAction({
  pages: ['approval'],
  idField: 'approvalId',
  input: z.object({ decision: z.enum(['approve', 'decline']) }),
  run: async ({ page }, { decision }): Promise<never> => {
    // Decided, already decided, or gone meanwhile: the page shows which (a gone approval answers its 404 there).
    await hostedDecideApproval(page.id, decision);
    redirect(approvalPath(page.locale, page.id));
  },
});

/**
 * Approves or declines the payments the approval was sent for, then a 303 back
 * to the page, which shows the decision (or, when they changed since, that a
 * new approval is needed: nothing was decided). Decided once: a second tab or a replayed
 * post lands on the same page showing the first decision, never flipping it.
 */
export async function decideApprovalAction(form: FormData): Promise<void> {
  await decide(formValues(form), undefined);
}
