import type { refunds } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { emitEvent } from './emit-event';

type Refund = typeof refunds.$inferSelect;

/**
 * refund.completed (paid out) or refund.declined (it will not be paid: a
 * person declined it, or the processor refused it for good: FAILED), in the
 * transaction that moves it (a stub: data, the Refund object as the refund
 * operations answer it, is rendered at delivery). An
 * UNSETTLED refund (no clear answer) has no event: nothing is known yet.
 */
export async function emitRefundEvent(tx: Executor, refund: Refund): Promise<void> {
  const type =
    refund.status === 'COMPLETE'
      ? 'refund.completed'
      : refund.status === 'DECLINED' || refund.status === 'FAILED'
        ? 'refund.declined'
        : null;
  if (!type) return;
  await emitEvent(tx, { organisationId: refund.organisationId, type, resourceId: refund.id });
}
