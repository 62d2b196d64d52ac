'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { hostedDecideApproval } from '@/lib/core/approvals/hosted-approvals';
import { approvalNotFoundPath, approvalPath } from './approval-paths';

const decisionInput = z.object({ locale: z.string().min(2).max(10), approvalId: z.uuid(), decision: z.enum(['approve', 'decline']) });
const field = (form: FormData, name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : undefined);

/**
 * Approves or declines the payments the approval was sent for, then a 303 back
 * to the page, which shows the decision (or, when they changed since, that a
 * new approval is needed: nothing was decided). Decided once: a second tab or a replayed
 * post lands on the same page showing the first decision, never flipping it.
 */
export async function decideApprovalAction(form: FormData): Promise<void> {
  const parsed = decisionInput.safeParse({ locale: field(form, 'locale'), approvalId: field(form, 'approvalId'), decision: field(form, 'decision') });
  if (!parsed.success) redirect('/');
  const { locale, approvalId, decision } = parsed.data;
  const result = await hostedDecideApproval(approvalId, decision);
  redirect(result === 'not_found' ? approvalNotFoundPath(locale, approvalId) : approvalPath(locale, approvalId));
}
