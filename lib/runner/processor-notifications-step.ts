import { inArray, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { applyClaimed } from '@/lib/core/processor-notifications/apply-notification';
import { ignoreSettledAuthorisations } from '@/lib/core/processor-notifications/ignore-settled-authorisations';
import type { NotificationProcessor } from '@/lib/core/processor-notifications/store-notifications';
import type { RawItem } from '@/lib/core/processor-notifications/notification-item';
import { processorNotifications } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { claimRows } from './claim';

/** Tries per item (the inline one included); after the last an item stays 'failed' with its outcome, for a person. */
export const NOTIFICATION_MAX_ATTEMPTS = 12;

/**
 * When an item is due, in SQL: never tried ('received' with no attempt: a
 * process died between storing and applying, or the sandbox's queue) at once;
 * after attempt n, 2^n - 1 minutes after it was stored (1, 3, 7 ... about 34 h
 * for the 11th). The same delay is the lease of an item being applied
 * ('applying'): one whose applier died is taken up again when it passes.
 */
const due = (at: Date) => sql`status in ('received', 'failed', 'applying') and attempts < ${NOTIFICATION_MAX_ATTEMPTS}
  and created_at + interval '1 minute' * (power(2, attempts) - 1) <= ${at.toISOString()}::timestamptz`;

/**
 * Applies stored processor notifications that are not applied yet: never
 * tried, failed (a target not ready, an error), or left mid-way by a process
 * that died. Claimed with SKIP LOCKED (status 'applying', attempt counted) so
 * workers never apply one item at once; applying is idempotent anyway.
 * Returns how many were applied or ignored (settled) in this pass.
 */
export async function applyPendingNotifications(db: Db, limit = 50): Promise<number> {
  const claimed = await claimRows<{ id: string }>(db, {
    table: sql`processor_notifications`,
    where: due(now()),
    orderBy: sql`created_at, id`,
    set: sql`status = 'applying', attempts = attempts + 1`,
    limit,
  });
  if (claimed.length === 0) return 0;
  const rows = await db
    .select({
      id: processorNotifications.id,
      processor: processorNotifications.processor,
      attempts: processorNotifications.attempts,
      item: processorNotifications.item,
      createdAt: processorNotifications.createdAt,
    })
    .from(processorNotifications)
    .where(
      inArray(
        processorNotifications.id,
        claimed.map((c) => c.id),
      ),
    );
  // In the order they were stored: a NOTIFICATION_OF_CHARGEBACK before its CHARGEBACK, when both wait.
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  // Confirmations of payments already recorded (each runner charge's own sandbox item): one statement for all of them.
  // Ignoring one changes nothing, so taking them out of the order above reorders nothing that matters.
  const ignored = await ignoreSettledAuthorisations(
    db,
    rows.map((row) => ({ id: row.id, attempts: row.attempts, item: row.item as RawItem })),
  );
  let settled = ignored.size;
  for (const row of rows) {
    if (ignored.has(row.id)) continue;
    const outcome = await applyClaimed(db, {
      id: row.id,
      processor: row.processor as NotificationProcessor,
      attempts: row.attempts,
      item: row.item as RawItem,
    });
    if (outcome.status !== 'retry') settled += 1;
  }
  return settled;
}
