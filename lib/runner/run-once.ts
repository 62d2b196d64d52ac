import { isSandbox } from '@/lib/config';
import type { Db } from '@/lib/db/types';
import { deliverOutbox } from '@/lib/email/deliver-outbox';
import { syncClockFromDatabase } from '@/lib/sandbox/test-clock';
import { reverseExpiredAuthorisations } from './expire-authorisations-step';
import { runGroupAlerts } from './group-alerts-step';
import { runMemberReminders } from './member-reminders-step';
import { runMerchantNotices } from './merchant-notices-step';
import { announceExpiredLinks } from './link-expiry-step';
import { applyPendingNotifications } from './processor-notifications-step';
import { retryAuthorisedRefunds } from './refunds-step';
import { runDueScheduledPayments, type ScheduledReport } from './scheduled-payments-step';
import { finishStuckModifications } from './stuck-modifications-step';
import { dispatchDueWebhooks } from './webhooks-step';
import { writeQueuedReceipts } from './write-receipts-step';
import { reconcileStalePayments } from './reconcile-step';

export type RunReport = {
  scheduled: ScheduledReport;
  reversed: number;
  /** Captures or reverses finished for a process that died mid-way. */
  recovered: number;
  /** Payments the processor said took nothing: ABANDONED, their links free again. */
  abandoned: number;
  /** Unsettled or stale payments recorded as the processor says (COMPLETE, PENDING or DECLINED). */
  reconciled: number;
  refunds: number;
  /** Processor notifications applied (or found to change nothing) that the endpoint had not applied: retries, crashes, the sandbox's items. */
  notifications: number;
  /** Group alerts sent (instalments due soon or missed; failed automatic charges are in `scheduled.failed`). */
  alerts: number;
  /** Members' own reminders (due soon, missed) and the organisations' payment notices and daily digests sent. */
  notices: number;
  /** Expired links marked announced (payment_link.expired written for those a webhook listens to). */
  linksExpired: number;
  /** Receipts the runner's collections queued without words, written in this pass (write-receipts-step.ts). */
  receiptsWritten: number;
  emails: number;
  /** Webhook attempts started in this pass; they are sent and recorded in the delivery lane, which this pass does not wait for. */
  webhooks: number;
};

/**
 * One pass of every background job. Each step claims its work in SQL, so this
 * is safe to run in several processes at once (the server's own loop and any
 * number of `npm run worker` processes on PostgreSQL).
 */
export async function runOnce(db: Db, { batch = 50 }: { batch?: number } = {}): Promise<RunReport> {
  // The sandbox test clock may have been moved by another process.
  if (isSandbox()) await syncClockFromDatabase(db);
  // A backlog of charges is claimed batch after batch while earlier ones are in flight, up to a bound, so the
  // other steps below still run every few seconds (docs/runner.md).
  const scheduled = await runDueScheduledPayments(db, batch, { batches: SCHEDULED_BATCHES_PER_PASS });
  const reversed = await reverseExpiredAuthorisations(db, batch);
  const recovered = await finishStuckModifications(db);
  const { resolved: reconciled, abandoned } = await reconcileStalePayments(db);
  const refunds = await retryAuthorisedRefunds(db);
  // The processor's notifications the endpoint did not apply (retries, a crash, the sandbox's queue).
  const notifications = await applyPendingNotifications(db, batch);
  // After the charges: an instalment collected in this pass is paid, not missed. While the charges
  // fill whole batches (a backlog), the alert scans wait: they would only skip the links still queued.
  const charged =
    scheduled.completed + scheduled.failed + scheduled.retrying + scheduled.cancelled + scheduled.unsettled;
  const alerts = charged >= batch ? 0 : await runGroupAlerts(db);
  // The same for the members' reminders and the organisations' notices: a backlog's payments are noticed once it is cleared.
  const notices = charged >= batch ? 0 : (await runMemberReminders(db)) + (await runMerchantNotices(db));
  const linksExpired = await announceExpiredLinks(db);
  // Started, not awaited: a receiver taking its 10 s holds one place in the lane, not this pass (docs/webhooks.md "Delivery").
  const webhooks = await dispatchDueWebhooks(db, batch * 2);
  // Money first: while the charges fill whole batches the receipts wait, as the scans above do; once the backlog is
  // cleared they are written four batches a pass (written once each, however many runners), then delivered.
  const receiptsWritten = charged >= batch ? 0 : await writeQueuedReceipts(db, batch * 4);
  const delivery = await deliverOutbox(db, { limit: batch });
  return {
    scheduled,
    reversed,
    recovered,
    abandoned,
    reconciled,
    refunds,
    notifications,
    alerts,
    notices,
    linksExpired,
    receiptsWritten,
    emails: delivery.sent + delivery.deliveredToMailbox,
    webhooks,
  };
}

/** Batches of scheduled charges one pass may claim (batch 50: up to 1 000 charges a pass). */
export const SCHEDULED_BATCHES_PER_PASS = 20;

/** Runs until nothing is due: the worker and tests use it to clear a backlog. */
export async function runUntilIdle(
  db: Db,
  options: { batch?: number; maxPasses?: number; stopping?: () => boolean } = {},
): Promise<RunReport[]> {
  const reports: RunReport[] = [];
  // `stopping`: a worker asked to stop (SIGTERM) ends after the pass in progress, not after the whole backlog.
  for (let pass = 0; pass < (options.maxPasses ?? 1000) && !options.stopping?.(); pass++) {
    const report = await runOnce(db, options);
    reports.push(report);
    // Work done now; a payment or email waiting to be retried later is not (it would spin the loop).
    if (
      report.scheduled.completed +
        report.scheduled.failed +
        report.scheduled.cancelled +
        report.reversed +
        report.recovered +
        report.abandoned +
        report.reconciled +
        report.refunds +
        report.notifications +
        report.alerts +
        report.notices +
        report.linksExpired +
        report.receiptsWritten +
        report.emails +
        report.webhooks ===
      0
    )
      break;
  }
  return reports;
}

/** The totals of several passes, for one log line. */
export function sumReports(reports: RunReport[]): RunReport {
  const total: RunReport = {
    scheduled: { completed: 0, failed: 0, retrying: 0, cancelled: 0, unsettled: 0 },
    reversed: 0,
    recovered: 0,
    abandoned: 0,
    reconciled: 0,
    refunds: 0,
    notifications: 0,
    alerts: 0,
    notices: 0,
    linksExpired: 0,
    receiptsWritten: 0,
    emails: 0,
    webhooks: 0,
  };
  for (const r of reports) {
    for (const key of Object.keys(total.scheduled) as (keyof ScheduledReport)[])
      total.scheduled[key] += r.scheduled[key];
    total.reversed += r.reversed;
    total.recovered += r.recovered;
    total.abandoned += r.abandoned;
    total.reconciled += r.reconciled;
    total.refunds += r.refunds;
    total.notifications += r.notifications;
    total.alerts += r.alerts;
    total.notices += r.notices;
    total.linksExpired += r.linksExpired;
    total.receiptsWritten += r.receiptsWritten;
    total.emails += r.emails;
    total.webhooks += r.webhooks;
  }
  return total;
}
