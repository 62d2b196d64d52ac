import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import type { Executor } from '@/lib/db/types';
import type { NotificationItem } from './notification-item';
import type { NotificationProcessor } from './store-notifications';

/**
 * What applying an item did: `applied` (it moved a record), `ignored` (nothing
 * of ours to move: unknown target, or already in that state), or `retry` (its
 * target is ours but not ready yet, e.g. a refund not yet recorded as sent:
 * left 'failed' for the runner to try again).
 */
export type ApplyOutcome = { status: 'applied' | 'ignored' | 'retry'; outcome: string };

export const applied = (outcome: string): ApplyOutcome => ({ status: 'applied', outcome });
export const ignored = (outcome: string): ApplyOutcome => ({ status: 'ignored', outcome });
export const retry = (outcome: string): ApplyOutcome => ({ status: 'retry', outcome });

/** A claimed notification: the stored item, and how to record its outcome inside the transaction that applies it. */
export type ClaimedNotification = {
  id: string;
  processor: NotificationProcessor;
  attempts: number;
  item: NotificationItem;
  /** Records the outcome in `tx` (the transaction making the change), so the change and its record commit together. */
  record: (tx: Executor, outcome: ApplyOutcome) => Promise<void>;
};

/** Writes an outcome once: only while this claim (status 'applying', same attempt) still holds the row. */
export async function recordOutcome(tx: Executor, id: string, attempts: number, outcome: ApplyOutcome): Promise<void> {
  const status = outcome.status === 'retry' ? 'failed' : outcome.status;
  await tx.execute(sql`
    update processor_notifications set status = ${status}, outcome = ${outcome.outcome.slice(0, 500)},
      applied_at = ${status === 'failed' ? null : now().toISOString()}::timestamptz
    where id = ${id} and status = 'applying' and attempts = ${attempts}`);
}

/** Whether an item reports success: CAPTURE_FAILED and REFUND_FAILED come with success "true" but report a failure. */
export const succeeded = (item: NotificationItem) => item.success && !item.eventCode.endsWith('_FAILED');

/** Whether the processor already reported this modification (same PSP reference) as failed. */
export async function failureKnown(db: Executor, n: ClaimedNotification, eventCode: string): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from processor_notifications where processor = ${n.processor} and psp_reference = ${n.item.pspReference} and event_code = ${eventCode} limit 1`,
  );
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}
