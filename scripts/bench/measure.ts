import fs from 'node:fs';
import os from 'node:os';

/** The value at quantile q (0…1) of ascending-sorted samples (nearest rank). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round((value ?? 0) * factor) / factor;
}

/** Latency figures of a list of samples, in milliseconds. */
export function latencyFigures(samplesMs: number[]): {
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  max_ms: number;
} {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const mean = sorted.length ? sorted.reduce((sum, n) => sum + n, 0) / sorted.length : 0;
  return {
    p50_ms: round(percentile(sorted, 0.5)),
    p99_ms: round(percentile(sorted, 0.99)),
    mean_ms: round(mean),
    max_ms: round(sorted.at(-1) ?? 0),
  };
}

export type CpuUsage = { busy_percent: number | null; load_average_end: number[] };

/**
 * How busy the whole machine was between start and stop (from /proc/stat:
 * 100 % = every CPU busy), and the load average at the end.
 */
export function cpuMeter(): { stop: () => CpuUsage } {
  const first = readProcStat();
  return {
    stop: () => {
      const last = readProcStat();
      const loadAverage = os.loadavg().map((n) => round(n));
      if (!first || !last || last.total === first.total) return { busy_percent: null, load_average_end: loadAverage };
      const busy = 1 - (last.idle - first.idle) / (last.total - first.total);
      return { busy_percent: round(busy * 100, 1), load_average_end: loadAverage };
    },
  };
}

function readProcStat(): { total: number; idle: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user).
    const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { total, idle };
  } catch {
    return null;
  }
}
