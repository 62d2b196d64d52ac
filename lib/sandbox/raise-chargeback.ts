import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { chargebackJson } from '@/lib/core/chargebacks/chargeback-query';
import { applyNotifications } from '@/lib/core/processor-notifications/apply-notification';
import { storeNotifications } from '@/lib/core/processor-notifications/store-notifications';
import { findAccessibleTransaction } from '@/lib/core/transactions/transaction-query';
import { chargebacks } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { isoCurrency } from '@/lib/money';
import { SANDBOX_HMAC_KEY, signedSandboxItem } from '@/lib/payments/processor/sandbox/sandbox-notify';

const eventCodes = {
  notification: 'NOTIFICATION_OF_CHARGEBACK',
  chargeback: 'CHARGEBACK',
  reversed: 'CHARGEBACK_REVERSED',
} as const;

export const raiseChargebackSchema = z.object({
  stage: z.enum(['notification', 'chargeback', 'reversed']),
  amount: z.int().min(1).max(1_000_000_000).optional(),
  reason: z.string().trim().min(1).max(200).optional(),
});

/** One dispute per transaction in the sandbox: its reference is derived from the transaction id. */
export const sandboxDisputeReference = (transactionId: string) =>
  `SBX-CB-${transactionId.replace(/-/g, '').slice(0, 16).toUpperCase()}`;

/** The defence period the sandbox gives a dispute (Adyen's additionalData.defensePeriodEndsAt). */
const DEFENCE_DAYS = 14;

/**
 * Sandbox only: the processor's dispute notifications for a COMPLETE
 * transaction, one stage at a time, signed with the sandbox key and taken
 * through the same store and apply as Adyen's (applied at once here, so the
 * answer shows the result). A stage sent twice is the same item: stored and
 * applied once. Answers the chargeback as the list shows it.
 */
export async function raiseSandboxChargeback(
  db: Db,
  actor: Actor,
  transactionId: string,
  input: z.output<typeof raiseChargebackSchema>,
) {
  const transaction = await findAccessibleTransaction(db, actor, transactionId);
  if (transaction.status !== 'COMPLETE' || !transaction.providerReference) {
    throw new AppError(
      'chargeback.transaction_not_complete',
      `A chargeback needs a COMPLETE transaction; this one is ${transaction.status}.`,
    );
  }
  const dispute = sandboxDisputeReference(transaction.id);
  const item = signedSandboxItem({
    eventCode: eventCodes[input.stage],
    success: true,
    pspReference: dispute,
    originalReference: transaction.providerReference.replace(/:manual$/, ''),
    merchantReference: transaction.id,
    amount: input.amount ?? transaction.processorAmount ?? transaction.amount,
    currency: transaction.processorCurrency ?? isoCurrency(transaction.currency),
    reason: input.reason ?? 'Fraudulent transaction',
    additionalData: {
      chargebackReasonCode: '10.4',
      chargebackSchemeCode: 'visa',
      defensePeriodEndsAt: new Date(now().getTime() + DEFENCE_DAYS * 86_400_000).toISOString(),
    },
  });
  await applyNotifications(db, await storeNotifications(db, 'sandbox', [item], SANDBOX_HMAC_KEY));
  const chargeback = await chargebackJson(
    db,
    and(eq(chargebacks.transactionId, transaction.id), eq(chargebacks.providerReference, dispute))!,
  );
  if (!chargeback) throw new Error('sandbox chargeback was not recorded');
  return chargeback;
}
