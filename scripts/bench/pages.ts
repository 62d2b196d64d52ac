import zlib from 'node:zlib';
import { fire, runProblems, type PageScenario, type ScenarioResult } from './load';
import { round } from './measure';
import { processCpuSeconds } from './process-cpu';
import { PORTAL_PAGE, PORTAL_TARGET_P50_MS, portalPage } from './portal-page';
import { SMALL_ORG } from './seed-bookings';

/*
 * The hosted pages under load (issue 7): the payment link checkout against a
 * minimal dynamic page of the same build (/status: the layout and two lines of
 * text, no database), and the JavaScript each page makes a browser download
 * before it is interactive.
 */

/** A hosted page the bench reads: its name and path on the bench server (and any request headers: a session cookie). */
export type HostedPage = {
  name: string;
  path: string;
  marker: string;
  headers?: Record<string, string>;
  connections?: number;
};

export const MINIMAL_PAGE = 'minimal page (/status)';
export const CHECKOUT_PAGE = 'checkout page (/{payment_link_id})';

/**
 * Issue 17's floors (they replaced issue 7's 0.8, p99 < 100 ms and 110 KB): the checkout's throughput against /status
 * in the same run no lower than before its work (0.58 on PGlite, 0.68 on PostgreSQL, each on an idle machine), and
 * the checkout's first-load JavaScript without wallets no larger (141.7 KiB gzip). docs/checkout.md, "Benchmark".
 */
export const PAGE_TARGETS = {
  throughput_ratio: { PGlite: 0.58, PostgreSQL: 0.68 } as Record<string, number>,
  checkout_first_load_js_gzip_bytes: Math.round(141.7 * 1024),
};

export type FirstLoadJs = { page: string; path: string; scripts: number; bytes: number; gzip_bytes: number };

/**
 * The checkout against /status in alternating rounds (pairedRatio says why): each round's throughput ratio,
 * their median and range, and the server's CPU per request of each page over all rounds.
 */
export type PairedRatio = {
  rounds: number[];
  median: number;
  min: number;
  max: number;
  seconds_per_page_per_round: number;
  server_cpu_ms_per_request: { minimal: number; checkout: number } | null;
};

export type PagesResult = {
  /** The paired rounds' median when they ran, else the two single runs' ratio. */
  checkout_over_minimal_rps: number | null;
  paired?: PairedRatio;
  /** Issue 8: the leader portal of a 200 × 12 group. */
  portal?: { p50_ms: number; p99_ms: number; target_p50_ms: number; met: boolean };
  first_load_js: FirstLoadJs[];
  checkout_p99_ms: number | null;
  targets: { throughput_ratio: number | null; checkout_first_load_js_gzip_bytes: number };
  met: { throughput_ratio: boolean; checkout_js: boolean };
};

/** A payment link of the small bench organisation, made through the API as a travel company would. */
async function createLink(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/agent/payment-links`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      organisation: SMALL_ORG,
      customer_name: 'Bench Payer',
      email: 'payer@bench.travel-pay.test',
      amount: 12345,
      description: 'Bench deposit',
    }),
  });
  const text = await response.text();
  const id = response.status === 200 ? (JSON.parse(text) as { data?: { id?: unknown } }).data?.id : undefined;
  if (typeof id !== 'string')
    throw new Error(`PUT /api/agent/payment-links answered ${response.status}: ${text.slice(0, 300)}`);
  return id;
}

/** The pages the bench measures; each marker is a data-testid the page renders only in the expected state. */
export async function hostedPages(baseUrl: string, token: string): Promise<HostedPage[]> {
  const linkId = await createLink(baseUrl, token);
  const portal = await portalPage(baseUrl, token);
  return [
    { name: MINIMAL_PAGE, path: '/status', marker: 'data-testid="status"' },
    { name: CHECKOUT_PAGE, path: `/${linkId}`, marker: 'data-state="active"' },
    // The 200th member's row: the whole list was rendered.
    // One connection: the figure is one page's server render (a group has one leader), not 16 in a queue.
    {
      name: PORTAL_PAGE,
      path: portal.path,
      marker: 'Bench Member 200<',
      headers: { cookie: portal.cookie },
      connections: 1,
    },
  ];
}

export function pageScenarios(pages: HostedPage[]): PageScenario[] {
  return pages.map((page) => ({
    name: page.name,
    method: 'GET',
    path: page.path,
    headers: { 'accept-language': 'en-GB', accept: 'text/html', ...page.headers },
    verifyHtml: (html) => html.includes(page.marker),
    connections: page.connections,
  }));
}

/**
 * The JavaScript a first visit downloads: every <script src> of the page's HTML
 * but the noModule polyfills (Next.js chunks; lazily imported chunks such as a
 * card component loaded on demand are not among them), fetched and gzipped here
 * at the default level.
 */
export async function firstLoadJs(baseUrl: string, page: HostedPage): Promise<FirstLoadJs> {
  const html = await (
    await fetch(`${baseUrl}${page.path}`, { headers: { 'accept-language': 'en-GB', ...page.headers } })
  ).text();
  // A noModule script (Next.js's legacy polyfills) is never fetched by a browser that runs modules.
  const tags = [...html.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !/\snomodule\b/i.test(tag));
  const sources = [
    ...new Set(
      tags
        .map((tag) => /\ssrc="([^"]+)"/.exec(tag)?.[1]?.replace(/&amp;/g, '&'))
        .filter((src): src is string => Boolean(src)),
    ),
  ];
  let bytes = 0;
  let gzipBytes = 0;
  for (const source of sources) {
    const response = await fetch(new URL(source, baseUrl));
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    bytes += body.length;
    gzipBytes += zlib.gzipSync(body).length;
  }
  return {
    page: page.name,
    path: page.path.replace(/[0-9a-f-]{36}/, '{id}'),
    scripts: sources.length,
    bytes,
    gzip_bytes: gzipBytes,
  };
}

/*
 * One 10 s run of /status and then one of the checkout put any drift of the machine between them (another
 * process waking, the in-process runner's tick, the JIT settling) wholly on one page: two runs back to back on an
 * idle machine gave ratios 0.06 apart. Short runs of the two in turn, the order swapped each round, spread the
 * drift over both; the median round is the figure, and the range says how far to trust it. The server's CPU per
 * request (next-server's own, from /proc) does not depend on what else the machine runs.
 */
const PAIRED_ROUNDS = 6;
const PAIRED_SECONDS = 5;

export async function pairedRatio(
  baseUrl: string,
  scenarios: { minimal: PageScenario; checkout: PageScenario },
  serverPid: number | null,
): Promise<PairedRatio> {
  const rounds: number[] = [];
  const cpu = { minimal: { seconds: 0, requests: 0 }, checkout: { seconds: 0, requests: 0 } };
  for (let index = 0; index < PAIRED_ROUNDS; index++) {
    const order = index % 2 === 0 ? (['minimal', 'checkout'] as const) : (['checkout', 'minimal'] as const);
    const rps = { minimal: 0, checkout: 0 };
    for (const page of order) {
      const samples: string[] = [];
      const before = serverPid ? processCpuSeconds(serverPid) : null;
      const figures = await fire(baseUrl, scenarios[page], PAIRED_SECONDS, samples);
      const after = serverPid ? processCpuSeconds(serverPid) : null;
      const problems = runProblems(`paired round ${index + 1}, ${scenarios[page].name}`, figures);
      if (figures.requests === 0) problems.push(`paired round ${index + 1}, ${scenarios[page].name}: no request`);
      if (problems.length) throw new Error(`${problems.join('; ')} ${samples[0] ?? ''}`);
      rps[page] = figures.requests_per_second_mean;
      if (before !== null && after !== null) {
        cpu[page].seconds += after - before;
        cpu[page].requests += figures.requests;
      }
    }
    rounds.push(round(rps.checkout / rps.minimal));
  }
  const sorted = [...rounds].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const perRequest = (page: keyof typeof cpu) => round((cpu[page].seconds * 1000) / cpu[page].requests, 1);
  return {
    rounds,
    median: round(median),
    min: sorted[0]!,
    max: sorted.at(-1)!,
    seconds_per_page_per_round: PAIRED_SECONDS,
    server_cpu_ms_per_request:
      cpu.minimal.requests && cpu.checkout.requests
        ? { minimal: perRequest('minimal'), checkout: perRequest('checkout') }
        : null,
  };
}

export function summarisePages(
  database: string,
  scenarios: ScenarioResult[],
  js: FirstLoadJs[],
  paired?: PairedRatio,
): PagesResult {
  const minimal = scenarios.find((s) => s.scenario === MINIMAL_PAGE);
  const checkout = scenarios.find((s) => s.scenario === CHECKOUT_PAGE);
  const singleRuns =
    minimal && checkout && minimal.requests_per_second_mean > 0
      ? round(checkout.requests_per_second_mean / minimal.requests_per_second_mean)
      : null;
  const ratio = paired?.median ?? singleRuns;
  const checkoutJs = js.find((entry) => entry.page === CHECKOUT_PAGE);
  const portal = scenarios.find((s) => s.scenario === PORTAL_PAGE);
  const floor = PAGE_TARGETS.throughput_ratio[database] ?? null;
  return {
    checkout_over_minimal_rps: ratio,
    paired,
    portal: portal && {
      p50_ms: portal.latency_p50_ms,
      p99_ms: portal.latency_p99_ms,
      target_p50_ms: PORTAL_TARGET_P50_MS,
      met: !portal.failed && portal.latency_p50_ms < PORTAL_TARGET_P50_MS,
    },
    first_load_js: js,
    checkout_p99_ms: checkout?.latency_p99_ms ?? null,
    targets: {
      throughput_ratio: floor,
      checkout_first_load_js_gzip_bytes: PAGE_TARGETS.checkout_first_load_js_gzip_bytes,
    },
    met: {
      throughput_ratio: ratio !== null && floor !== null && ratio >= floor,
      checkout_js: Boolean(checkoutJs && checkoutJs.gzip_bytes <= PAGE_TARGETS.checkout_first_load_js_gzip_bytes),
    },
  };
}

export function formatPages(result: PagesResult): string[] {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const yes = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return [
    `   hosted pages: checkout / minimal page throughput ${result.checkout_over_minimal_rps ?? 'n/a'} (floor ≥ ${result.targets.throughput_ratio ?? 'n/a'}: ${yes(result.met.throughput_ratio)});` +
      ` checkout p99 ${result.checkout_p99_ms ?? 'n/a'} ms at 16 connections`,
    ...(result.paired
      ? [
          `   paired rounds (${result.paired.rounds.length} × ${result.paired.seconds_per_page_per_round} s per page, order swapped each round): ` +
            `ratios ${result.paired.rounds.join(' ')}; median ${result.paired.median}, range ${result.paired.min}–${result.paired.max}` +
            (result.paired.server_cpu_ms_per_request
              ? `; next-server CPU per request: /status ${result.paired.server_cpu_ms_per_request.minimal} ms, checkout ${result.paired.server_cpu_ms_per_request.checkout} ms`
              : ''),
        ]
      : []),
    ...result.first_load_js.map(
      (entry) =>
        `   first-load JS ${entry.path}: ${entry.scripts} scripts, ${kib(entry.bytes)}, ${kib(entry.gzip_bytes)} gzip`,
    ),
    `   checkout first-load JS floor ≤ ${kib(result.targets.checkout_first_load_js_gzip_bytes)} gzip: ${yes(result.met.checkout_js)}`,
    ...(result.portal
      ? [
          `   portal page (200 × 12 group): p50 ${result.portal.p50_ms} ms, p99 ${result.portal.p99_ms} ms (target p50 < ${result.portal.target_p50_ms} ms: ${yes(result.portal.met)})`,
        ]
      : []),
  ];
}
