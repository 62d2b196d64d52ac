import { isSandbox } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import {
  decideSandboxBankPayment,
  processorFor,
  sandboxPendingPayment,
  sandboxRedirectResult,
  type BankDecision,
} from '@/lib/payments/processor';

/**
 * What the sandbox's 3-D Secure and bank pages need. They stand in for the
 * card issuer and the bank: outside sandbox mode they do not exist (null).
 */
export async function sandboxStep(reference: string) {
  if (!isSandbox()) return null;
  return sandboxPendingPayment(await getDb(), reference);
}

/**
 * Back to the checkout as Adyen sends a shopper back: the return URL with `redirectResult` and nothing of ours (no
 * transaction id), so the checkout finds its attempt from its own page, as in production.
 */
function withRedirectResult(returnUrl: string, reference: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('redirectResult', sandboxRedirectResult(reference));
  return url.toString();
}

/**
 * The cardholder answered the challenge: the sandbox processor decides now (and queues the AUTHORISATION
 * notification, as Adyen notifies); the checkout records the outcome when the customer returns with the
 * redirectResult, or the notification does if they never return. Returns where to send them.
 */
export async function answerSandboxChallenge(reference: string, password: string): Promise<string | null> {
  const step = await sandboxStep(reference);
  if (step?.step !== 'challenge') return null;
  if (!step.finished)
    await processorFor(await getDb())
      .finishChallenge({ providerReference: reference, payload: { password } })
      .catch(() => undefined);
  return withRedirectResult(step.returnUrl, reference);
}

/** The customer decided at the bank; the checkout asks the bank for the outcome when they return. */
export async function answerSandboxBank(reference: string, decision: BankDecision): Promise<string | null> {
  const step = await sandboxStep(reference);
  if (step?.step !== 'bank') return null;
  await decideSandboxBankPayment(await getDb(), reference, decision);
  return withRedirectResult(step.returnUrl, reference);
}
