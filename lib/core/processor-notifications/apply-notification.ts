import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import type { Db } from '@/lib/db/types';
import { applyAuthorisation } from './apply-authorisation';
import { applyChargeback, isChargebackItem } from './apply-chargeback';
import { applyCapture, applyReversal } from './apply-modification';
import { applyOfferClosed } from './apply-offer-closed';
import { ignored, recordOutcome, type ApplyOutcome, type ClaimedNotification } from './apply-outcome';
import { applyRefund } from './apply-refund';
import { normaliseItem, type RawItem } from './notification-item';
import type { NotificationProcessor } from './store-notifications';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

type StoredRow = { id: string; processor: NotificationProcessor; attempts: number; item: RawItem };

/**
 * Claims one stored notification for this process: the move to 'applying'
 * (and the attempt count) is one conditional UPDATE, so of two appliers (the
 * endpoint's inline apply and the runner) one wins and the other does nothing.
 */
export async function claimNotification(db: Db, id: string): Promise<StoredRow | null> {
  const [row] = await queryRows<StoredRow>(
    db,
    sql`
    update processor_notifications set status = 'applying', attempts = attempts + 1
    where id = ${id} and status in ('received', 'failed')
    returning id, processor, attempts, item`,
  );
  return row ?? null;
}

/**
 * Applies a claimed notification and records what it did, once. Each event
 * code's function makes its move guarded in SQL and records the outcome in
 * the same transaction when it can; whatever it answers is recorded after, if
 * not already. A throw leaves the item 'failed' for the runner to retry.
 */
export async function applyClaimed(db: Db, row: StoredRow): Promise<ApplyOutcome> {
  const claimed: ClaimedNotification = {
    id: row.id,
    processor: row.processor,
    attempts: row.attempts,
    item: normaliseItem(row.item),
    record: (tx, outcome) => recordOutcome(tx, row.id, row.attempts, outcome),
  };
  let outcome: ApplyOutcome;
  try {
    outcome = await dispatch(db, claimed);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'processor notification not applied; retrying later',
        notification_id: row.id,
        error: describeErrorSafely(error),
      }),
    );
    outcome = { status: 'retry', outcome: `error: ${error instanceof Error ? error.constructor.name : 'unknown'}` };
  }
  await recordOutcome(db, row.id, row.attempts, outcome);
  return outcome;
}

function dispatch(db: Db, n: ClaimedNotification): Promise<ApplyOutcome> {
  switch (n.item.eventCode) {
    case 'AUTHORISATION':
      return applyAuthorisation(db, n);
    case 'CAPTURE':
    case 'CAPTURE_FAILED':
      return applyCapture(db, n);
    case 'CANCEL_OR_REFUND':
    case 'CANCELLATION':
      return applyReversal(db, n);
    case 'REFUND':
    case 'REFUND_FAILED':
      return applyRefund(db, n);
    case 'OFFER_CLOSED':
      return applyOfferClosed(db, n);
    default:
      if (isChargebackItem(n.item)) return applyChargeback(db, n);
      return Promise.resolve(ignored(`event code ${n.item.eventCode} is not used`));
  }
}

/** Claims and applies stored notifications one by one (the endpoint's inline apply); a failure is left for the runner. */
export async function applyNotifications(db: Db, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const row = await claimNotification(db, id);
    if (row) await applyClaimed(db, row);
  }
}
