import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { groupCpuSeconds, postgresCpuSeconds } from './process-cpu';
import { SMALL_ORG } from './seed-bookings';

/*
 * What one page costs the server, in CPU milliseconds per request: the figure to compare two builds or two pages
 * by, when `npm run bench`'s throughput moves with the machine's load (docs/dashboard-bookings.md, docs/checkout.md).
 * CPU time is read from /proc for the server's whole process group, so a busy machine inflates it far less than it
 * does requests per second; still, compare builds side by side, alternating, never across hours.
 *
 *   npx tsx scripts/bench/page-cpu.ts seed <dir> [--url <postgres url>]
 *       a PGlite folder like `npm run bench -- --dashboard-pages` seeds (1 000 and 100 000 bookings, a busy booking
 *       each, 16 staff sessions each), its cookies and ids in <dir>.json; with --url, the PostgreSQL database at
 *       that address instead (an empty one: scripts/with-postgres.sh gives TEST_DATABASE_URL), still noted in <dir>.json
 *   npx tsx scripts/bench/page-cpu.ts measure <dir> <path> [requests=600] [--staff] [--dist <build>] [--profile <out>]
 *       starts `next start` on <build> (default .next-bench, `npm run bench` builds it) over <dir>, sends the
 *       requests (4 at a time, after 100 not counted) and prints CPU ms per request. <path> may name {busy} (the
 *       1 000-booking organisation's busy booking) and {checkout} (a payment link, made through the API the first
 *       time); --staff signs the requests in as that organisation's staff; --profile writes a V8 CPU profile of the
 *       server into <out> (read it with scripts/bench/profile-summary.ts); --url <postgres url>: the server uses that
 *       database (seeded with --url) instead of the folder, and the PostgreSQL server's own CPU is printed beside.
 */

type Seeded = {
  keys: { small: { public_key: string; private_key: string } };
  staff: { cookies: string[]; busy: string };
  checkout?: string;
};

const [command, dir, ...rest] = process.argv.slice(2);
const option = (name: string) => {
  const at = rest.indexOf(name);
  return at === -1 ? undefined : rest[at + 1];
};

/** The database a command works on: the PGlite folder, or the PostgreSQL database --url names. */
const targetOf = (dataDir: string) => {
  const url = option('--url');
  return url ? { url } : { dataDir };
};

async function seed(dataDir: string) {
  const { seedDatabase } = await import('./seed-bookings');
  const { seedDashboardPages } = await import('./dashboard-pages');
  const { keys } = await seedDatabase(targetOf(dataDir));
  const { small } = await seedDashboardPages(targetOf(dataDir));
  const seeded: Seeded = { keys: { small: keys.small }, staff: small };
  fs.writeFileSync(`${dataDir}.json`, JSON.stringify(seeded, null, 1));
  console.log(`seeded ${dataDir}`);
}

async function measure(dataDir: string, pagePath: string, requests: number) {
  const seeded = JSON.parse(fs.readFileSync(`${dataDir}.json`, 'utf8')) as Seeded;
  const profile = option('--profile');
  const port = 4100 + Math.floor(Math.random() * 800);
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MODE: 'sandbox',
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: option('--dist') ?? '.next-bench',
    PORT: String(port),
    PUBLIC_BASE_URL: base,
    DATA_DIR: dataDir,
  };
  // The server's database is the folder or --url, never a test suite's (with-postgres.sh's TEST_DATABASE_URL).
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'BENCH_DATABASE_URL']) delete env[name];
  const databaseUrl = option('--url');
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (profile) fs.mkdirSync(profile, { recursive: true });
  const server = spawn(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []),
      'node_modules/next/dist/bin/next',
      'start',
      '--port',
      String(port),
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'inherit'], env },
  );
  try {
    await ready(base);
    if (pagePath.includes('{checkout}') && !seeded.checkout) {
      seeded.checkout = await paymentLink(base, seeded);
      fs.writeFileSync(`${dataDir}.json`, JSON.stringify(seeded, null, 1));
    }
    const url = `${base}${pagePath.replace('{busy}', seeded.staff.busy).replace('{checkout}', seeded.checkout ?? '')}`;
    const cookies = rest.includes('--staff') ? seeded.staff.cookies : [];
    let turn = 0;
    let failed = 0;
    const send = async (count: number) => {
      let left = count;
      const connection = async () => {
        while (left-- > 0) {
          const cookie = cookies.length ? cookies[turn++ % cookies.length] : undefined;
          // identity: as autocannon (npm run bench) asks, so the server does not spend the run compressing.
          const headers = { 'accept-language': 'en-GB', accept: 'text/html', 'accept-encoding': 'identity' };
          const response = await fetch(url, { headers: cookie ? { ...headers, cookie } : headers, redirect: 'manual' });
          await response.arrayBuffer();
          if (response.status !== 200) failed++;
        }
      };
      await Promise.all([connection(), connection(), connection(), connection()]);
    };
    await send(100);
    const postgres = databaseUrl ? await postgresCpu(databaseUrl) : null;
    const before = groupCpuSeconds(server.pid!);
    const postgresBefore = postgres ? postgres() : null;
    const started = Date.now();
    await send(requests);
    const cpu = groupCpuSeconds(server.pid!) - before;
    const postgresMs =
      postgres && postgresBefore !== null ? (((postgres() ?? 0) - postgresBefore) * 1000) / requests : null;
    const beside = postgresMs !== null ? ` (and PostgreSQL's ${postgresMs.toFixed(2)} ms)` : '';
    console.log(
      `${pagePath}: ${((cpu * 1000) / requests).toFixed(2)} ms CPU a request${beside}, ${(requests / ((Date.now() - started) / 1000)).toFixed(1)} req/s, ${requests} requests${failed ? `, ${failed} not 200` : ''}`,
    );
  } finally {
    process.kill(-server.pid!, 'SIGTERM');
    // The CPU profile is written as the server exits.
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/** The local PostgreSQL server's CPU seconds so far (postgresCpuSeconds), found through a backend of `url` kept open. */
async function postgresCpu(url: string): Promise<() => number | null> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]!.pid;
  return () => postgresCpuSeconds(pid);
}

async function ready(base: string) {
  for (let tries = 0; tries < 600; tries++) {
    try {
      const response = await fetch(`${base}/api/enums`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

async function paymentLink(base: string, seeded: Seeded): Promise<string> {
  const json = (body: unknown, token?: string) => ({
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const token = (await (await fetch(`${base}/api/token`, { method: 'POST', ...json(seeded.keys.small) })).json()) as {
    data: { token: string };
  };
  const link = (await (
    await fetch(`${base}/api/agent/payment-links`, {
      method: 'PUT',
      ...json(
        { organisation: SMALL_ORG, customer_name: 'Bench Payer', email: 'payer@bench.travel-pay.test', amount: 12345 },
        token.data.token,
      ),
    })
  ).json()) as { data: { id: string } };
  return link.data.id;
}

async function main() {
  if (command === 'seed' && dir) await seed(dir);
  else if (command === 'measure' && dir && rest[0]) await measure(dir, rest[0], Number(rest[1]) || 600);
  else
    throw new Error(
      'usage: page-cpu.ts seed <dir> | measure <dir> <path> [requests] [--staff] [--dist d] [--profile out]',
    );
  process.exit(0);
}

void main();
