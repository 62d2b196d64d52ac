import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { finishCardChallenge } from '../payments/finish-payment';
import { finishOpenBankingPayment } from '../payments/open-banking';
import { loadHostedCheckout, type HostedCheckoutKind } from './load-hosted-checkout';

const AWAY = ['challenge', 'bank'];

/**
 * The customer is back from 3-D Secure or the bank. Adyen appends only `redirectResult` to the return URL, never an
 * id of ours, so the attempt is found from the page's own id: the checkout's (payment link's, embed session's, or a
 * group member's covering payment, as load-hosted-checkout.ts reads it) live attempt waiting at `challenge` or
 * `bank`, the one the state table shows as `away`. `hint` (a `transaction_id` parameter, which nothing appends any
 * more) may only narrow: naming another attempt, the return is stale and finishes nothing. A return without
 * `redirectResult` finishes nothing either: the attempt stays waiting for its notification or the runner, never FAILED.
 *
 * Answers the attempt this return is about (null: none, or a stale hint): the one finished here, or the checkout's
 * latest when it was settled meanwhile (the processor's notification, or a refresh of the return address). An
 * attempt already settled is not an error: the state table shows its outcome.
 */
export async function finishReturnedPayment(
  db: Db,
  checkoutId: string,
  kind: HostedCheckoutKind,
  payload: Record<string, string>,
  hint?: string,
): Promise<string | null> {
  const attempt = (await loadHostedCheckout(db, checkoutId, kind))?.latest;
  if (!attempt || (hint && hint !== attempt.id)) return null;
  const waiting = attempt.status === 'PAYMENTINPROGRESS' && AWAY.includes(attempt.stage ?? '');
  if (!waiting || !payload.redirectResult) return attempt.id;
  try {
    if (attempt.type === 'OPEN_BANKING') await finishOpenBankingPayment(db, attempt.id, payload);
    else await finishCardChallenge(db, attempt.id, payload);
  } catch (error) {
    // Settled between the read and the finish (a double return, its notification): the page shows the outcome.
    if (!(error instanceof AppError)) throw error;
  }
  return attempt.id;
}
