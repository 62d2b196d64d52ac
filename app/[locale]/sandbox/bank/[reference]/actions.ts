'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { answerSandboxBank } from '@/lib/sandbox/processor-pages';

const input = z.object({ reference: z.string().min(1).max(100), decision: z.enum(['approve', 'decline', 'abandon']) });

/** The sandbox bank's buttons: approve, decline or abandon, then back to the checkout. */
export async function submitBankDecision(form: FormData): Promise<void> {
  const parsed = input.safeParse({ reference: form.get('reference'), decision: form.get('decision') });
  if (!parsed.success) redirect('/');
  const back = await answerSandboxBank(parsed.data.reference, parsed.data.decision);
  redirect(back ?? '/');
}
