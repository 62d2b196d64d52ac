'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { answerSandboxChallenge } from '@/lib/sandbox/processor-pages';

const input = z.object({ reference: z.string().min(1).max(100), password: z.string().max(200) });

/** The sandbox issuer's challenge form: any answer decides the payment; only `password` passes. */
export async function submitChallenge(form: FormData): Promise<void> {
  const parsed = input.safeParse({ reference: form.get('reference'), password: form.get('password') ?? '' });
  if (!parsed.success) redirect('/');
  const back = await answerSandboxChallenge(parsed.data.reference, parsed.data.password);
  redirect(back ?? '/');
}
