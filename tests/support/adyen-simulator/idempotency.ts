import type { Answer } from './state';

/**
 * Idempotency-Key as docs.adyen.com/development-resources/api-idempotency describes it: a POST with a key
 * Adyen already processed is answered with the first attempt's response, without processing it again;
 * the answer carries the `Idempotency-Key` header back (the spec declares it on the 200 and 422 answers).
 * Keys are unique per company account (here: per simulator) and kept at least 31 days (here: for the
 * simulator's life). A retry while the first request is still being processed is answered 422
 * errorCode "704" "request already processed or in progress" (the code the product's client names IN_PROGRESS_CODE).
 * The docs do not say that the body is compared: the stored answer comes back whatever the replay's body
 * (which the product's findPayment once relied on), and such a replay is listed in `mismatchedReplays`.
 * 5xx answers are not stored (the transient-error guidance: nothing was done, retry with the same key).
 */
export type Replay = { kind: 'stored'; answer: Answer } | { kind: 'in-progress' } | { kind: 'new' };

export function idempotencyStore() {
  const done = new Map<string, { bodyText: string; answer: Answer }>();
  const running = new Set<string>();
  const mismatchedReplays: string[] = [];
  // One key space for every endpoint: the docs scope keys to the company account, not to a path.
  const scoped = (_path: string, key: string) => key;

  return {
    mismatchedReplays,
    begin(path: string, key: string, bodyText: string): Replay {
      const id = scoped(path, key);
      const stored = done.get(id);
      if (stored) {
        if (stored.bodyText !== bodyText) mismatchedReplays.push(key);
        return { kind: 'stored', answer: stored.answer };
      }
      if (running.has(id)) return { kind: 'in-progress' };
      running.add(id);
      return { kind: 'new' };
    },
    finish(path: string, key: string, bodyText: string, answer: Answer | null) {
      const id = scoped(path, key);
      running.delete(id);
      if (answer && answer.status < 500) done.set(id, { bodyText, answer });
    },
  };
}

export const inProgress: Answer = {
  status: 422,
  body: { status: 422, errorCode: '704', message: 'request already processed or in progress', errorType: 'validation' },
};
