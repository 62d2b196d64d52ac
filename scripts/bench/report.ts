import fs from 'node:fs';
import path from 'node:path';
import type { ScenarioResult } from './load';
import { formatPages, type PagesResult } from './pages';
import { formatGroups, type GroupsResult } from './groups';
import type { PaymentsResult } from './payments';
import type { RunnerRun } from './runner';
import type { ServerMemory } from './server';
import { formatWebhooks, type WebhooksBench } from './webhooks';
import { formatDashboard, type DashboardResult } from './dashboard';
import { formatDashboardPages, type DashboardPagesResult } from './dashboard-pages';

export type DatabaseReport = {
  database: 'PGlite' | 'PostgreSQL';
  status: 'ok' | 'failed' | 'skipped';
  /** Why the database was skipped or failed outside a scenario. */
  reason?: string;
  details?: Record<string, unknown>;
  seed?: { bookings: Record<string, number>; seconds: number };
  scenarios: ScenarioResult[];
  list_large_over_small_p50?: number | null;
  list_large_skip_over_small_p50?: number | null;
  memory?: ServerMemory;
  create_check?: { responses_2xx: number; bookings_in_database: number; ok: boolean };
  server_log_errors?: { lines: number; by_message: Record<string, number> };
  /** Link + card payment through the service layer, in the bench process (no server running). */
  payments?: PaymentsResult;
  /** The checkout against the minimal page, and first-load JavaScript of each hosted page. */
  pages?: PagesResult;
  /** PostgreSQL only: the runner clearing due scheduled payments with 1 and 2 worker processes. */
  runner?: RunnerRun[];
  /** Creating a 200 × 12 group through the API (scripts/bench/groups.ts). */
  groups?: GroupsResult;
  /** PostgreSQL only: webhook deliveries per second with 2 workers, and a payment with and without an endpoint listening. */
  webhooks?: WebhooksBench;
  /** `--dashboard`: the dashboard's read models in process (scripts/bench/dashboard.ts). */
  dashboard?: DashboardResult;
  /** `--dashboard-pages`: the bookings list and a booking's page over HTTP against /status (scripts/bench/dashboard-pages.ts). */
  dashboard_pages?: DashboardPagesResult;
};

export type BenchReport = {
  started_at: string;
  finished_at: string;
  machine: { cpus: number; node: string; platform: string; load_average: number[] };
  build: { id: string; built_at: string };
  settings: {
    connections: number;
    duration_seconds: number;
    warmup_seconds: number;
    payments: { concurrency: number; duration_seconds: number; warmup_seconds: number };
    runner: { scheduled_payments: number; workers: readonly number[]; batch: number; interval_ms: number };
  };
  databases: DatabaseReport[];
  failed: boolean;
};

export function p50Ratio(results: ScenarioResult[], numerator: string, denominator: string): number | null {
  const top = results.find((r) => r.scenario === numerator)?.latency_p50_ms;
  const bottom = results.find((r) => r.scenario === denominator)?.latency_p50_ms;
  if (!top || !bottom) return null;
  return Math.round((top / bottom) * 100) / 100;
}

export function formatDatabase(report: DatabaseReport): string {
  const lines = [`== ${report.database}: ${report.status.toUpperCase()}${report.reason ? ` (${report.reason})` : ''}`];
  for (const [key, value] of Object.entries(report.details ?? {})) lines.push(`   ${key}: ${String(value)}`);
  if (report.seed) {
    lines.push(
      `   seeded ${Object.entries(report.seed.bookings)
        .map(([org, n]) => `${org}=${n.toLocaleString('en-GB')}`)
        .join(', ')} bookings in ${report.seed.seconds.toFixed(1)} s`,
    );
  }
  const rows = [
    ...report.scenarios.map((r) => [
      r.scenario,
      r.requests_per_second_mean.toFixed(1),
      r.latency_p50_ms.toFixed(1),
      r.latency_p99_ms.toFixed(1),
      String(r.requests),
      String(r.non_2xx),
      String(r.errors + r.mismatches),
      r.failed ? 'FAILED' : 'ok',
    ]),
    ...(report.payments ? [paymentsRow(report.payments)] : []),
    ...(report.runner ?? []).map(runnerRow),
  ];
  if (rows.length) {
    const header = ['scenario', 'per s', 'p50 ms', 'p99 ms', 'count', 'non-2xx', 'errors', 'result'];
    lines.push(...table([header, ...rows]).map((line) => `   ${line}`));
    if (report.payments || report.runner?.length) {
      lines.push(
        '   (per s: HTTP requests/s (mean) over HTTP; payments/s for the service-layer and runner rows; count: requests / payments)',
      );
    }
  }
  if (report.list_large_over_small_p50 !== undefined) {
    lines.push(`   p50 ratio list large / list small: ${report.list_large_over_small_p50 ?? 'n/a'} (target: near 1)`);
    lines.push(`   p50 ratio list large skip 1000 / list small: ${report.list_large_skip_over_small_p50 ?? 'n/a'}`);
  }
  if (report.pages) lines.push(...formatPages(report.pages));
  if (report.memory) {
    const { server_rss_kib, group_rss_kib, processes } = report.memory;
    lines.push(
      `   server RSS at end of load: ${mib(server_rss_kib)} (next-server); ${mib(group_rss_kib)} for all ${processes.length} processes of the server group`,
    );
  }
  if (report.create_check) {
    const c = report.create_check;
    lines.push(
      `   create check: ${c.responses_2xx} successful creates, ${c.bookings_in_database} new bookings in the database: ${c.ok ? 'ok' : 'MISMATCH'}`,
    );
  }
  if (report.server_log_errors?.lines) {
    const summary = Object.entries(report.server_log_errors.by_message)
      .map(([message, n]) => `${n} × ${message}`)
      .join('; ');
    lines.push(`   server log: ${report.server_log_errors.lines} error lines: ${summary}`);
  }
  if (report.payments) lines.push(...formatPayments(report.payments));
  if (report.groups) lines.push(...formatGroups(report.groups));
  for (const run of report.runner ?? []) lines.push(...formatRunner(run));
  if (report.webhooks) lines.push(...formatWebhooks(report.webhooks));
  if (report.dashboard) lines.push(...formatDashboard(report.dashboard));
  if (report.dashboard_pages) lines.push(...formatDashboardPages(report.dashboard_pages));
  for (const r of report.scenarios.filter((s) => s.failed)) {
    lines.push(`   FAILED ${r.scenario}:`);
    for (const problem of r.problems) lines.push(`     - ${problem}`);
    for (const sample of r.samples) lines.push(`     sample response: ${sample}`);
  }
  return lines.join('\n');
}

function paymentsRow(p: PaymentsResult): string[] {
  const notPaid = Object.entries(p.outcomes)
    .filter(([outcome]) => outcome !== 'paid/COMPLETE')
    .reduce((sum, [, n]) => sum + n, 0);
  return [
    `${p.scenario}, ${p.concurrency} async`,
    p.payments_per_second.toFixed(1),
    p.latency_p50_ms.toFixed(1),
    p.latency_p99_ms.toFixed(1),
    String(p.payments),
    '-',
    String(p.errors + notPaid),
    p.failed ? 'FAILED' : 'ok',
  ];
}

function runnerRow(run: RunnerRun): string[] {
  return [
    run.scenario,
    run.payments_per_second.toFixed(1),
    '-',
    '-',
    String(run.proof?.scheduled_complete ?? 0),
    '-',
    String(run.proof ? run.proof.scheduled_failed + run.proof.scheduled_left : 0),
    run.failed ? 'FAILED' : 'ok',
  ];
}

function formatPayments(p: PaymentsResult): string[] {
  const c = p.check;
  const lines = [
    `   payments (service layer, in the bench process, ${p.concurrency} concurrent, ${p.duration_seconds} s after a ${p.warmup_seconds} s warm-up${p.pool_size ? `, pool ${p.pool_size}` : ''}):` +
      ` ${p.payments} payments, ${p.payments_per_second.toFixed(1)}/s, p50 ${p.latency_p50_ms} ms, p99 ${p.latency_p99_ms} ms, max ${p.latency_max_ms} ms` +
      ` (mean ${p.latency_mean_ms} ms = create link ${p.create_link_mean_ms} + pay ${p.pay_mean_ms}); outcomes ${JSON.stringify(p.outcomes)}, ${p.errors} thrown`,
    `   payments check (warm-up included): ${c.attempts} started, ${c.paid_outcomes} paid, ${c.payment_links_in_database} links, ${c.transactions_in_database} transactions,` +
      ` ${c.complete_transactions} COMPLETE (sum ${c.complete_amount_sum}, expected ${c.expected_amount_sum}), ${c.authorise_ledger_rows} sandbox authorisations: ${c.ok ? 'ok' : 'MISMATCH'}`,
    `   machine during the payments: ${p.cpu.busy_percent ?? 'n/a'} % CPU busy, load average ${p.cpu.load_average_end.join(' ')}`,
  ];
  for (const problem of p.problems) lines.push(`     - ${problem}`);
  for (const sample of p.samples) lines.push(`     sample: ${sample}`);
  return lines;
}

function formatRunner(run: RunnerRun): string[] {
  const lines = [
    `   ${run.scenario} (${run.worker_command}, batch ${run.batch}, RUNNER_CHARGE_CONCURRENCY ${run.charge_concurrency}, RUNNER_INTERVAL_MS ${run.interval_ms}; fresh database seeded in ${run.seed_seconds} s):` +
      ` ${run.proof?.scheduled_complete ?? 0} payments in ${run.clearing_seconds} s from first claim to last completion = ${run.payments_per_second.toFixed(1)}/s` +
      ` (${run.wall_seconds} s / ${run.payments_per_second_wall.toFixed(1)}/s from spawning the workers); per worker ${JSON.stringify(run.per_worker_completed)}` +
      ` in ${JSON.stringify(run.per_worker_passes)} passes (the ${run.interval_ms} ms sleep after each wake-up: ~${run.interval_sleep_share === null ? 'n/a' : Math.round(run.interval_sleep_share * 100)} % of the busiest worker's time)`,
    `     machine: ${run.cpu.busy_percent ?? 'n/a'} % CPU busy, load average ${run.cpu.load_average_end.join(' ')}`,
    `     receipts: ${run.receipts.queued} queued; the last written ${run.receipts.written_after_charges_seconds === null ? 'not before the deadline' : `${run.receipts.written_after_charges_seconds} s after the last charge`}`,
  ];
  const c = run.cpu_ms_per_payment;
  if (c)
    lines.push(
      `     CPU per payment (last ${c.payments}): workers ${c.workers} ms + PostgreSQL ${c.postgres ?? 'n/a'} ms = ${c.total ?? 'n/a'} ms`,
    );
  const p = run.proof;
  if (p) {
    lines.push(
      `     zero double charges: ${p.ok ? 'PROVEN' : 'NOT PROVEN'}: scheduled ${p.scheduled_payments}, COMPLETE ${p.scheduled_complete}, FAILED ${p.scheduled_failed}, left ${p.scheduled_left}, max attempts ${p.scheduled_max_attempts};` +
        ` transactions 'scheduled:%' ${p.transactions_scheduled} (distinct keys ${p.transactions_scheduled_distinct_keys}, COMPLETE ${p.transactions_scheduled_complete}, matched to their payment ${p.scheduled_matched_to_transaction});` +
        ` ${run.processor === 'adyen' ? 'Adyen simulator stored-card /payments' : 'ledger charge_stored'} ${p.ledger_charge_stored} (distinct keys ${p.ledger_charge_stored_distinct_keys}, keys charged more than once ${p.ledger_keys_charged_more_than_once}, authorised ${p.ledger_charge_stored_authorised}, matched to a transaction ${p.ledger_matched_to_transaction});` +
        ` links with more than one live payment ${p.links_paid_more_than_once}, collections paying their own link ${p.scheduled_paying_their_link}`,
      `     amounts: scheduled ${p.scheduled_amount_sum} = transactions ${p.transactions_scheduled_amount_sum} = ledger charged ${p.ledger_charged_amount_sum}: ${p.scheduled_amount_sum === p.transactions_scheduled_amount_sum && p.scheduled_amount_sum === p.ledger_charged_amount_sum ? 'equal' : 'DIFFERENT'}`,
    );
  }
  for (const problem of run.problems) lines.push(`     - ${problem}`);
  return lines;
}

function mib(kib: number | null): string {
  return kib === null ? 'n/a' : `${(kib / 1024).toFixed(0)} MiB`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const render = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [render(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(render)];
}

export function writeJson(report: BenchReport, file = path.join('.bench', 'results.json')): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  return file;
}
