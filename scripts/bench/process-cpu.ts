import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux everywhere this runs). */
const TICKS = 100;

/** CPU seconds a process has used (user + system), and with `children` those of its reaped children too; null without /proc. */
export function processCpuSeconds(pid: number, { children = false } = {}): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "(comm)": state ppid ... utime (14th field) stime cutime cstime.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const own = (fields[11] ?? 0) + (fields[12] ?? 0);
    return (own + (children ? (fields[13] ?? 0) + (fields[14] ?? 0) : 0)) / TICKS;
  } catch {
    return null;
  }
}

/** The live processes of process group `group` (a server and its launcher). */
export function groupProcessIds(group: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 5 of /proc/<pid>/stat (after the parenthesised command) is the process group.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === group) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** CPU seconds used so far by every live process of process group `group`. */
export function groupCpuSeconds(group: number): number {
  return groupProcessIds(group).reduce((sum, pid) => sum + (processCpuSeconds(pid) ?? 0), 0);
}

function parentOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * The CPU seconds a local PostgreSQL server has used so far: the postmaster
 * (with the backends it has reaped) plus every live child (backends,
 * checkpointer, WAL writer, autovacuum). `backendPid` is any backend's pid
 * (pg_backend_pid()); null when the server is not on this machine.
 */
export function postgresCpuSeconds(backendPid: number): number | null {
  const postmaster = parentOf(backendPid);
  if (!postmaster) return null;
  let total = processCpuSeconds(postmaster, { children: true });
  if (total === null) return null;
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || parentOf(pid) !== postmaster) continue;
    total += processCpuSeconds(pid) ?? 0;
  }
  return total;
}
