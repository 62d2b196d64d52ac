import autocannon from 'autocannon';
import { LARGE_BOOKINGS, LARGE_ORG, SMALL_BOOKINGS, SMALL_ORG, type KeyPair } from './seed-bookings';

export const CONNECTIONS = 16;
/** BENCH_DURATION_SECONDS shortens a run to a smoke (the figures are then rough); 10 s is the measured run. */
export const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS) || 10;
export const WARMUP_SECONDS = process.env.BENCH_DURATION_SECONDS ? 1 : 2;
/** Page size of the list scenarios (the API's maximum). */
const TAKE = 25;

type Envelope = { data?: unknown; meta?: { code?: number; count?: number; has_more?: boolean } };

export type ApiScenario = {
  name: string;
  method: 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  /** Called for every request: a body of its own (a new booking reference each time). */
  body: () => string;
  /** Whether a 200 response's envelope is what this scenario expects. */
  verify: (envelope: Envelope) => boolean;
};

/** A hosted page: GET, and a 200 whose HTML the check accepts (scripts/bench/pages.ts). */
export type PageScenario = {
  name: string;
  method: 'GET';
  path: string;
  headers: Record<string, string>;
  verifyHtml: (html: string) => boolean;
  /** Concurrent connections (default CONNECTIONS): 1 measures one page's server render rather than a queue. */
  connections?: number;
  /** Cookie headers used in turn, one a request (the dashboard's staff sessions: one member of staff each). */
  cookies?: string[];
};

export type Scenario = ApiScenario | PageScenario;

export type RunFigures = {
  requests: number;
  requests_per_second_mean: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  latency_mean_ms: number;
  latency_max_ms: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  status_codes: Record<string, number>;
  duration_seconds: number;
};

export type ScenarioResult = RunFigures & {
  scenario: string;
  warmup: RunFigures;
  failed: boolean;
  problems: string[];
  /** Up to three bodies of failed or unexpected responses. */
  samples: string[];
};

export type Tokens = { small: string; large: string };

/** A bearer token for each organisation's key, through the API itself. */
export async function issueTokens(baseUrl: string, keys: { small: KeyPair; large: KeyPair }): Promise<Tokens> {
  const issue = async (pair: KeyPair) => {
    const response = await fetch(`${baseUrl}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(pair),
    });
    const text = await response.text();
    const token =
      response.status === 200 ? (JSON.parse(text) as { data?: { token?: unknown } }).data?.token : undefined;
    if (typeof token !== 'string')
      throw new Error(`POST /api/token answered ${response.status}: ${text.slice(0, 300)}`);
    return token;
  };
  return { small: await issue(keys.small), large: await issue(keys.large) };
}

export function scenarios(
  keys: { large: KeyPair },
  tokens: Tokens,
  referencePrefix: string,
  { listsOnly = false } = {},
): ApiScenario[] {
  const json = { 'content-type': 'application/json' };
  const bearer = (token: string) => ({ ...json, authorization: `Bearer ${token}` });
  // meta.count is the organisation's total (the create scenario adds bookings to the large one before the lists run).
  const list = (
    organisation: string,
    token: string,
    minimumTotal: number,
    skip?: number,
  ): Pick<ApiScenario, 'method' | 'path' | 'headers' | 'body' | 'verify'> => {
    const body = JSON.stringify(skip === undefined ? { organisation } : { organisation, skip });
    return {
      method: 'POST',
      path: '/api/agent/bookings',
      headers: bearer(token),
      body: () => body,
      verify: (envelope) =>
        Array.isArray(envelope.data) &&
        envelope.data.length === TAKE &&
        envelope.meta?.has_more === true &&
        typeof envelope.meta.count === 'number' &&
        envelope.meta.count >= minimumTotal,
    };
  };
  let counter = 0;
  const tokenBody = JSON.stringify(keys.large);
  const lists: ApiScenario[] = [
    { name: 'list bookings small (1k)', ...list(SMALL_ORG, tokens.small, SMALL_BOOKINGS) },
    { name: 'list bookings large (100k)', ...list(LARGE_ORG, tokens.large, LARGE_BOOKINGS) },
    { name: 'list large, skip 1000', ...list(LARGE_ORG, tokens.large, LARGE_BOOKINGS, 1000) },
  ];
  if (listsOnly) return lists;
  return [
    {
      name: 'token issue',
      method: 'POST',
      path: '/api/token',
      headers: json,
      body: () => tokenBody,
      verify: (envelope) => typeof (envelope.data as { token?: unknown } | undefined)?.token === 'string',
    },
    {
      name: 'create booking',
      method: 'PUT',
      path: '/api/agent/bookings',
      headers: bearer(tokens.large),
      body: () => {
        counter += 1;
        return JSON.stringify({
          organisation: LARGE_ORG,
          booking_reference: `${referencePrefix}${counter}`,
          customer_name: `Load Customer ${counter}`,
          email: `load${counter}@bench.travel-pay.test`,
          currency: 'GBX',
          gross_amount: 125000,
          departure_date: '2026-06-01',
          return_date: '2026-06-08',
        });
      },
      verify: (envelope) => {
        const booking = envelope.data as { id?: unknown; booking_reference?: unknown } | undefined;
        return (
          typeof booking?.id === 'string' &&
          typeof booking.booking_reference === 'string' &&
          booking.booking_reference.startsWith(referencePrefix)
        );
      },
    },
    ...lists,
  ];
}

/** What went wrong in one run: non-2xx answers, request errors, bodies without the expected data. */
export function runProblems(label: string, figures: RunFigures): string[] {
  const problems: string[] = [];
  if (figures.non_2xx)
    problems.push(`${label}: ${figures.non_2xx} non-2xx responses (${JSON.stringify(figures.status_codes)})`);
  if (figures.errors) problems.push(`${label}: ${figures.errors} request errors (${figures.timeouts} timeouts)`);
  if (figures.mismatches) problems.push(`${label}: ${figures.mismatches} responses with an unexpected body`);
  return problems;
}

/** A warm-up (not reported) and then the measured run, each with every response checked. */
export async function runScenario(baseUrl: string, scenario: Scenario): Promise<ScenarioResult> {
  const samples: string[] = [];
  const warmup = await fire(baseUrl, scenario, WARMUP_SECONDS, samples);
  const measured = await fire(baseUrl, scenario, DURATION_SECONDS, samples);
  const problems = [...runProblems('warm-up', warmup), ...runProblems('measured', measured)];
  if (measured.requests === 0) problems.push('no request completed');
  return { scenario: scenario.name, ...measured, warmup, failed: problems.length > 0, problems, samples };
}

/** One run of a scenario for `duration` seconds, no warm-up: what runScenario and the pages' paired rounds measure. */
export async function fire(
  baseUrl: string,
  scenario: Scenario,
  duration: number,
  samples: string[],
): Promise<RunFigures> {
  let turn = 0;
  const cookies = 'cookies' in scenario ? scenario.cookies : undefined;
  const instance = autocannon({
    url: baseUrl,
    connections: ('connections' in scenario && scenario.connections) || CONNECTIONS,
    duration,
    timeout: 10,
    requests: [
      {
        method: scenario.method,
        path: scenario.path,
        headers: scenario.headers,
        setupRequest: (request) =>
          scenario.method !== 'GET'
            ? { ...request, body: scenario.body() }
            : cookies?.length
              ? { ...request, headers: { ...request.headers, cookie: cookies[turn++ % cookies.length]! } }
              : request,
      },
    ],
    // Called for every response, 2xx or not: a success must also carry the expected data.
    verifyBody: (body) => {
      const ok = scenario.method === 'GET' ? scenario.verifyHtml(body) : verifyEnvelope(body, scenario);
      if (!ok && samples.length < 3) samples.push(body.slice(0, 500));
      return ok;
    },
  });
  const result = await instance;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, Number(stats.count)]),
  );
  const requests = Object.values(statusCodes).reduce((sum, n) => sum + n, 0);
  // Every non-2xx body also fails verifyBody; count it once, as non-2xx.
  const mismatches = Math.max(0, result.mismatches - result.non2xx);
  return {
    requests,
    requests_per_second_mean: round(result.requests.average),
    latency_p50_ms: round(result.latency.p50),
    latency_p99_ms: round(result.latency.p99),
    latency_mean_ms: round(result.latency.average),
    latency_max_ms: round(result.latency.max),
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches,
    status_codes: statusCodes,
    duration_seconds: round(result.duration),
  };
}

/** An API response is a success only with code 200 in its envelope and the data the scenario expects. */
function verifyEnvelope(body: string, scenario: ApiScenario): boolean {
  try {
    const envelope = JSON.parse(body) as Envelope;
    return envelope.meta?.code === 200 && scenario.verify(envelope);
  } catch {
    return false;
  }
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round((value ?? 0) * factor) / factor;
}
