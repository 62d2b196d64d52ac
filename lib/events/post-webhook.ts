import http from 'node:http';
import https from 'node:https';
import { isSandbox } from '@/lib/config';
import { attemptErrorCategory, operatorCode, TIMEOUT_CODE } from './attempt-error';
import { allowedOnlyLookup, urlProblem } from './webhook-address';

/** Any 2xx within this time delivers; anything slower is a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** `error` is what the delivery log shows (a category, attempt-error.ts); `code` is for the operator's log only. */
export type PostOutcome = {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  code?: string;
  retriedStaleSocket?: boolean;
};

/*
 * Keep-alive agents, so many deliveries are in flight at once without a TCP (and TLS) handshake each.
 * Every agent resolves names through allowedOnlyLookup for its mode: the address the socket connects to
 * is the one checked (production: public only; every mode: no link-local, metadata or denied address).
 * The `fresh` agents keep no socket: the one retry after a stale keep-alive socket must not get another.
 */
const pooled = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, scheduling: 'lifo' as const };
type Agents = { http: http.Agent; https: https.Agent };
const agents = new Map<string, Agents>();
function agentFor(url: URL, fresh: boolean): http.Agent {
  const production = !isSandbox();
  const key = `${production}:${fresh}`;
  let pair = agents.get(key);
  if (!pair) {
    const options = { ...(fresh ? {} : pooled), lookup: allowedOnlyLookup(production) };
    pair = { http: new http.Agent(options), https: new https.Agent(options) };
    agents.set(key, pair);
  }
  return url.protocol === 'https:' ? pair.https : pair.http;
}

type Sent = { statusCode: number } | { error: NodeJS.ErrnoException; staleSocket: boolean };

/** One request. `staleSocket`: the keep-alive socket it reused was already closed by the receiver, nothing was answered. */
function send(
  url: URL,
  fresh: boolean,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Sent> {
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      agent: agentFor(url, fresh),
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    const timer = setTimeout(
      () => request.destroy(Object.assign(new Error('delivery timeout'), { code: TIMEOUT_CODE })),
      timeoutMs,
    );
    request.on('response', (response) => {
      clearTimeout(timer);
      // Redirects are not followed: a 3xx is a failed attempt like any other non-2xx. The body is drained so the socket is reused.
      response.resume();
      resolve({ statusCode: response.statusCode ?? 0 });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // Node's documented test (http.ClientRequest reusedSocket): a reset on a reused socket is the server's idle close
      // racing our write (gunicorn closes after 2 s), so the request never reached its application.
      resolve({ error, staleSocket: request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE') });
    });
    request.end(body);
  });
}

/**
 * POSTs one signed body. Never throws: a refused address, timeout or connection error is an outcome
 * without a status code. A stale keep-alive socket is retried at once, once, on a new connection, within
 * the same timeout. `timeoutMs` is DELIVERY_TIMEOUT_MS for every delivery; a test passes a shorter one.
 */
export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { statusCode: null, error: 'invalid url', durationMs: 0 };
  }
  // Literal IP hosts never reach the lookup: their check is here. Names are checked on connect. The problem names only the URL's own parts.
  const problem = urlProblem(url);
  if (problem) return { statusCode: null, error: `refused address: ${problem}`, durationMs: 0 };
  let sent = await send(url, false, headers, body, timeoutMs);
  const retried = 'error' in sent && sent.staleSocket;
  if (retried) sent = await send(url, true, headers, body, Math.max(1, timeoutMs - elapsed()));
  if ('statusCode' in sent)
    return {
      statusCode: sent.statusCode,
      error: null,
      durationMs: elapsed(),
      ...(retried ? { retriedStaleSocket: true } : {}),
    };
  return {
    statusCode: null,
    error: attemptErrorCategory(sent.error, timeoutMs),
    durationMs: elapsed(),
    code: operatorCode(sent.error),
    ...(retried ? { retriedStaleSocket: true } : {}),
  };
}
