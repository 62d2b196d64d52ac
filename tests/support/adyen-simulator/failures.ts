import { adyenId, type Answer } from './state';

/**
 * The answers a test makes the simulator give instead of (or after) Adyen's own, through sim.failNext.
 * - `{ status, headers?, body? }`: answered instead of processing, so Adyen did nothing. Without a body,
 *   the spec's generic-500 example body (errorCode "905", errorType "configuration"). A 5xx that Adyen
 *   marks `transient-error: true` says that nothing was done and the same request may be retried
 *   (docs.adyen.com/development-resources/api-idempotency, "Error handling").
 * - `{ dropConnection: true }`: the connection closes without an answer.
 * - `afterProcessing: true` with either: the request is processed first (Adyen acted, the answer was lost).
 * - `{ delayMs }` alone: a slow Adyen; processed after the delay, its Idempotency-Key in progress meanwhile.
 * - `bodyIncludes` with any of them: only a request whose raw body contains that text is answered so (a test
 *   running beside others, against one simulator, picks its own request out: its card number, its reference).
 */
export type FailAnswer = {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
  dropConnection?: boolean;
  afterProcessing?: boolean;
  bodyIncludes?: string;
};

export function failureQueue() {
  const entries: { pattern: string | RegExp; answer: FailAnswer; times: number }[] = [];
  return {
    add: (pattern: string | RegExp, answer: FailAnswer, times: number) => void entries.push({ pattern, answer, times }),
    /** The next answer set for this path (and body), if any. A string names the path with or without /v71, whole or by its end ('/captures'). */
    take(path: string, text = ''): FailAnswer | undefined {
      const matches = (pattern: string | RegExp) =>
        typeof pattern === 'string' ? path.endsWith(pattern.replace(/^\/v71(?=\/)/, '')) : pattern.test(path);
      const index = entries.findIndex(
        (entry) =>
          matches(entry.pattern) &&
          (entry.answer.bodyIncludes === undefined || text.includes(entry.answer.bodyIncludes)),
      );
      if (index < 0) return undefined;
      const entry = entries[index]!;
      if (--entry.times <= 0) entries.splice(index, 1);
      return entry.answer;
    },
  };
}

/** How long a `{ delayMs }`-only answer slows the processing (0 for any other answer). */
export const slowness = (f: FailAnswer | undefined) =>
  f && f.status === undefined && f.body === undefined && !f.dropConnection ? (f.delayMs ?? 0) : 0;

export const failAnswer = (f: FailAnswer): Answer => ({
  status: f.status ?? 500,
  ...(f.headers ? { headers: f.headers } : {}),
  body: f.body ?? {
    status: f.status ?? 500,
    errorCode: '905',
    message: 'Payment details are not supported',
    errorType: 'configuration',
    pspReference: adyenId(),
  },
});
