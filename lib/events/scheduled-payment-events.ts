import type { scheduledPayments } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { emitEvent } from './emit-event';

/**
 * scheduled_payment.completed (its charge taken) or .failed (FAILED for good,
 * not a failure to be retried), in the transaction that moves it (a stub:
 * data, the scheduled payment as the list operation shows it, is rendered at delivery).
 */
export async function emitScheduledPaymentEvent(
  tx: Executor,
  payment: Pick<typeof scheduledPayments.$inferSelect, 'id' | 'organisationId'>,
  type: 'scheduled_payment.completed' | 'scheduled_payment.failed',
): Promise<void> {
  await emitEvent(tx, { organisationId: payment.organisationId, type, resourceId: payment.id });
}
