import type { ApprovalPayment } from '@/lib/db/schema';

type Awaiting = { id: string; amount: number; currency: string; executeAfter: Date };

/** A payment awaiting approval as the approval stores it when it is sent (what the email lists). */
export const approvalPaymentOf = (p: Awaiting): ApprovalPayment => ({
  id: p.id,
  amount: p.amount,
  currency: p.currency,
  execute_after: p.executeAfter.toISOString(),
});

const keyOf = (p: ApprovalPayment) => `${p.id}|${p.amount}|${p.currency}|${p.execute_after}`;

/**
 * Whether the booking's payments awaiting approval are still exactly those the
 * approval was sent for: the same ids, each with the same amount, currency and
 * date. A payment added, removed (cancelled, or decided by another approval) or
 * changed means the customer never saw what an answer would decide, so the
 * approval decides nothing and the customer needs a new link.
 */
export function approvalSetChanged(sent: readonly ApprovalPayment[], awaiting: readonly Awaiting[]): boolean {
  if (sent.length !== awaiting.length) return true;
  const now = new Set(awaiting.map((p) => keyOf(approvalPaymentOf(p))));
  return sent.some((p) => !now.has(keyOf(p)));
}
