import { eq } from 'drizzle-orm';
import { isSandbox } from '@/lib/config';
import { finishCardChallenge } from '@/lib/core/payments/finish-payment';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import { decideSandboxBankPayment, sandboxPendingPayment, type BankDecision } from '@/lib/payments/processor';

/**
 * What the sandbox's 3-D Secure and bank pages need. They stand in for the
 * card issuer and the bank: outside sandbox mode they do not exist (null).
 */
export async function sandboxStep(reference: string) {
  if (!isSandbox()) return null;
  return sandboxPendingPayment(await getDb(), reference);
}

function withTransaction(returnUrl: string, transactionId: string | undefined): string {
  const url = new URL(returnUrl);
  if (transactionId) url.searchParams.set('transaction_id', transactionId);
  return url.toString();
}

async function transactionFor(reference: string) {
  const [row] = await (await getDb()).select({ id: transactions.id }).from(transactions).where(eq(transactions.providerReference, reference));
  return row?.id;
}

/** The cardholder answered the challenge: the payment is decided now; returns where to send them. */
export async function answerSandboxChallenge(reference: string, password: string): Promise<string | null> {
  const step = await sandboxStep(reference);
  if (step?.step !== 'challenge') return null;
  const transactionId = await transactionFor(reference);
  if (transactionId && !step.finished) await finishCardChallenge(await getDb(), transactionId, { password }).catch(() => undefined);
  return withTransaction(step.returnUrl, transactionId);
}

/** The customer decided at the bank; the checkout asks the bank for the outcome when they return. */
export async function answerSandboxBank(reference: string, decision: BankDecision): Promise<string | null> {
  const step = await sandboxStep(reference);
  if (step?.step !== 'bank') return null;
  await decideSandboxBankPayment(await getDb(), reference, decision);
  return withTransaction(step.returnUrl, await transactionFor(reference));
}
