import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { killGroup, trackServerGroup, untrackServerGroup } from './cleanup';
import { groupProcessIds } from './process-cpu';

export type BenchServer = {
  baseUrl: string;
  pid: number;
  logFile: string;
  /** Resident memory of the server's processes (the Next.js server and its launcher), in KiB. */
  memory: () => ServerMemory;
  stop: () => Promise<void>;
  exited: () => boolean;
};

export type ServerMemory = {
  server_rss_kib: number | null;
  group_rss_kib: number | null;
  processes: { pid: number; command: string; rss_kib: number }[];
};

const HOST = '127.0.0.1';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The bench's own production build folder (next.config.ts reads NEXT_DIST_DIR), never the `.next` someone may be serving. */
export const DIST_DIR = '.next-bench';
export const BUILD_ID_FILE = path.join(DIST_DIR, 'BUILD_ID');

/** What the build is made of: a build older than any of these measures yesterday's code (as scripts/e2e-server.sh). */
const BUILD_INPUTS = [
  'app',
  'lib',
  'messages',
  'next.config.ts',
  'proxy.ts',
  'instrumentation.ts',
  'package-lock.json',
];

/** The first source file newer than the build, or null when the build is current. */
function newerSource(than: number): string | null {
  const walk = (entry: string): string | null => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(entry);
    } catch {
      return null;
    }
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry)) {
        const found = walk(path.join(entry, child));
        if (found) return found;
      }
      return null;
    }
    return stat.isFile() && stat.mtimeMs > than ? entry : null;
  };
  for (const input of BUILD_INPUTS) {
    const found = walk(input);
    if (found) return found;
  }
  return null;
}

/** Builds the production app into DIST_DIR when there is none, when a source is newer than it, or when BENCH_REBUILD=1. */
export function ensureBuild(): void {
  let why: string | null = null;
  if (process.env.BENCH_REBUILD === '1') why = 'BENCH_REBUILD=1';
  else if (!fs.existsSync(BUILD_ID_FILE)) why = `${BUILD_ID_FILE} missing`;
  else {
    const newer = newerSource(fs.statSync(BUILD_ID_FILE).mtimeMs);
    if (newer) why = `${newer} is newer than the build`;
  }
  if (!why) {
    console.log(
      `bench: reusing the production build in ${DIST_DIR} (newer than every source file; BENCH_REBUILD=1 forces a new one)`,
    );
    return;
  }
  console.log(`bench: building the production app into ${DIST_DIR} (${why}): \`npx next build\`…`);
  const started = Date.now();
  // The build must not see a database or processor keys (it reads none, but be sure).
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: DIST_DIR };
  for (const name of [
    'DATA_DIR',
    'DATABASE_URL',
    'TEST_DATABASE_URL',
    'BENCH_DATABASE_URL',
    'MODE',
    'ADYEN_API_KEY',
    'ADYEN_MERCHANT_ACCOUNT',
  ])
    delete env[name];
  const result = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status ?? result.signal})`);
  console.log(`bench: build finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** `npx next start` in a process group of its own, answered when GET /api/enums says 200. */
export async function startServer(env: Record<string, string>, logDir: string): Promise<BenchServer> {
  const port = await freePort();
  const baseUrl = `http://${HOST}:${port}`;
  const logFile = path.join(logDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  // The bench measures the sandbox (its processor), on PGlite or PostgreSQL: MODE says so explicitly.
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    MODE: 'sandbox',
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: DIST_DIR,
    PORT: String(port),
    PUBLIC_BASE_URL: baseUrl,
    ...env,
  };
  // The bench decides the database; nothing inherited may point the server elsewhere.
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  delete childEnv.TEST_DATABASE_URL;
  delete childEnv.BENCH_DATABASE_URL;
  // No --hostname: with `--hostname 127.0.0.1` Next.js 16 builds the proxy's request URLs on
  // "localhost", so next-intl's rewrite of an unprefixed page looks external and loops into a
  // 307 (API routes are unaffected). The bench still talks to 127.0.0.1.
  const child: ChildProcess = spawn('npx', ['next', 'start', '--port', String(port)], {
    detached: true,
    stdio: ['ignore', log, log],
    env: childEnv,
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (!pid) throw new Error('could not spawn `npx next start`');
  trackServerGroup(pid);
  let exitCode: string | null = null;
  const exitedPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = String(code ?? signal);
      resolve();
    });
  });

  const stop = async () => {
    killGroup(pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
    if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
    while (groupAlive(pid)) await sleep(50);
    await Promise.race([exitedPromise, sleep(1000)]);
    untrackServerGroup(pid);
  };

  try {
    await waitUntilReady(baseUrl, () => exitCode, 120_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- last lines of ${logFile} ---\n${tail(logFile, 40)}`);
  }
  return { baseUrl, pid, logFile, memory: () => groupMemory(pid), stop, exited: () => exitCode !== null };
}

async function waitUntilReady(baseUrl: string, exitCode: () => string | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const code = exitCode();
    if (code !== null) throw new Error(`the server exited (${code}) before it answered`);
    try {
      const response = await fetch(`${baseUrl}/api/enums`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `GET /api/enums answered ${response.status}`;
    } catch (error) {
      last = String((error as Error).cause ?? error);
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer GET /api/enums with 200 within ${timeoutMs / 1000} s (${last})`);
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function groupMemory(pgid: number): ServerMemory {
  const processes: ServerMemory['processes'] = [];
  for (const pid of groupProcessIds(pgid)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = /VmRSS:\s+(\d+)\s+kB/.exec(status);
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      processes.push({ pid, command: cmdline.slice(0, 80), rss_kib: rss ? Number(rss[1]) : 0 });
    } catch {
      // The process ended while we looked.
    }
  }
  if (processes.length === 0) return { server_rss_kib: null, group_rss_kib: null, processes };
  return {
    server_rss_kib: Math.max(...processes.map((p) => p.rss_kib)),
    group_rss_kib: processes.reduce((sum, p) => sum + p.rss_kib, 0),
    processes,
  };
}

export function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
