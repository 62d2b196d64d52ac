import http from 'node:http';
import https from 'node:https';
import { isSandbox } from '@/lib/config';
import { publicOnlyLookup, urlProblem } from './webhook-address';

/** Any 2xx within this time delivers; anything slower is a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export type PostOutcome = { statusCode: number | null; error: string | null; durationMs: number };

/*
 * Keep-alive agents, so many deliveries are in flight at once without a TCP
 * (and TLS) handshake each. Production agents resolve names through
 * publicOnlyLookup: the address the socket connects to is the one checked.
 */
const agentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, scheduling: 'lifo' as const };
let agents: { sandbox: { http: http.Agent; https: https.Agent }; production: { http: http.Agent; https: https.Agent } } | undefined;
function agentFor(url: URL): http.Agent {
  agents ??= {
    sandbox: { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) },
    production: { http: new http.Agent({ ...agentOptions, lookup: publicOnlyLookup() }), https: new https.Agent({ ...agentOptions, lookup: publicOnlyLookup() }) },
  };
  const mode = isSandbox() ? agents.sandbox : agents.production;
  return url.protocol === 'https:' ? mode.https : mode.http;
}

/**
 * POSTs one signed body. Never throws: a refused address, timeout or connection error is an outcome without a status code.
 * `timeoutMs` is DELIVERY_TIMEOUT_MS for every delivery; a test passes a shorter one to see it work without waiting 10 s.
 */
export function postWebhook(target: string, headers: Record<string, string>, body: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      resolve({ statusCode: null, error: 'invalid url', durationMs: 0 });
      return;
    }
    // Literal IP hosts never reach the lookup: their check is here. Names are checked on connect.
    const problem = urlProblem(url);
    if (problem) {
      resolve({ statusCode: null, error: `refused address: ${problem}`, durationMs: 0 });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: 'POST', agent: agentFor(url), headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } });
    const timer = setTimeout(() => request.destroy(new Error(`timeout after ${timeoutMs / 1000} s`)), timeoutMs);
    request.on('response', (response) => {
      clearTimeout(timer);
      // Redirects are not followed: a 3xx is a failed attempt like any other non-2xx. The body is drained so the socket is reused.
      response.resume();
      resolve({ statusCode: response.statusCode ?? null, error: null, durationMs: elapsed() });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ statusCode: null, error: (error.message || error.code || 'connection error').slice(0, 500), durationMs: elapsed() });
    });
    request.end(body);
  });
}
