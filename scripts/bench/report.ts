import fs from 'node:fs';
import path from 'node:path';
import type { ScenarioResult } from './load';
import type { ServerMemory } from './server';

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
};

export type BenchReport = {
  started_at: string;
  finished_at: string;
  machine: { cpus: number; node: string; platform: string; load_average: number[] };
  build: { id: string; built_at: string };
  settings: { connections: number; duration_seconds: number; warmup_seconds: number };
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
    lines.push(`   seeded ${Object.entries(report.seed.bookings).map(([org, n]) => `${org}=${n.toLocaleString('en-GB')}`).join(', ')} bookings in ${report.seed.seconds.toFixed(1)} s`);
  }
  if (report.scenarios.length) {
    const header = ['scenario', 'req/s (mean)', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'result'];
    const rows = report.scenarios.map((r) => [
      r.scenario, r.requests_per_second_mean.toFixed(1), r.latency_p50_ms.toFixed(1), r.latency_p99_ms.toFixed(1),
      String(r.requests), String(r.non_2xx), String(r.errors + r.mismatches), r.failed ? 'FAILED' : 'ok',
    ]);
    lines.push(...table([header, ...rows]).map((line) => `   ${line}`));
  }
  if (report.list_large_over_small_p50 !== undefined) {
    lines.push(`   p50 ratio list large / list small: ${report.list_large_over_small_p50 ?? 'n/a'} (target: near 1)`);
    lines.push(`   p50 ratio list large skip 1000 / list small: ${report.list_large_skip_over_small_p50 ?? 'n/a'}`);
  }
  if (report.memory) {
    const { server_rss_kib, group_rss_kib, processes } = report.memory;
    lines.push(`   server RSS at end of load: ${mib(server_rss_kib)} (next-server); ${mib(group_rss_kib)} for all ${processes.length} processes of the server group`);
  }
  if (report.create_check) {
    const c = report.create_check;
    lines.push(`   create check: ${c.responses_2xx} successful creates, ${c.bookings_in_database} new bookings in the database: ${c.ok ? 'ok' : 'MISMATCH'}`);
  }
  if (report.server_log_errors?.lines) {
    const summary = Object.entries(report.server_log_errors.by_message).map(([message, n]) => `${n} × ${message}`).join('; ');
    lines.push(`   server log: ${report.server_log_errors.lines} error lines: ${summary}`);
  }
  for (const r of report.scenarios.filter((s) => s.failed)) {
    lines.push(`   FAILED ${r.scenario}:`);
    for (const problem of r.problems) lines.push(`     - ${problem}`);
    for (const sample of r.samples) lines.push(`     sample response: ${sample}`);
  }
  return lines.join('\n');
}

function mib(kib: number | null): string {
  return kib === null ? 'n/a' : `${(kib / 1024).toFixed(0)} MiB`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const render = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [render(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(render)];
}

export function writeJson(report: BenchReport, file = path.join('.bench', 'results.json')): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  return file;
}
