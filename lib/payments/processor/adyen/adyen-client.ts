import { ProcessorError, ProcessorOutcomeUnknown } from '../port';
import { defaultTimeoutMs, type AdyenConfig } from './adyen-config';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<Response>;

/** Adyen's error body (Checkout API): `{ status, errorCode, message, errorType, pspReference }`. */
export type AdyenError = {
  status?: number;
  errorCode?: string;
  message?: string;
  errorType?: string;
  pspReference?: string;
};

/** Connection errors that happen before the request leaves: nothing reached Adyen. */
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'CERT_HAS_EXPIRED',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);
/** Adyen's "request already processed or in progress" for a reused Idempotency-Key: the first request may still be running. */
export const IN_PROGRESS_CODE = '704';

/**
 * A POST to the Checkout API with the API key, a timeout (ADYEN_TIMEOUT_MS)
 * and, for every call that moves money, the caller's Idempotency-Key, so that
 * Adyen answers a retry with the first answer instead of charging again.
 *
 * What a failure means decides what the caller may do:
 * - ProcessorError(transient): Adyen did nothing. Not reached (connection
 *   refused, DNS), 429, or a 5xx Adyen marks `transient-error: true`; a
 *   validation or business error (other 4xx) is permanent.
 * - ProcessorOutcomeUnknown: a money-moving call (one with an idempotency key)
 *   that was sent and then timed out, lost its connection, answered a 5xx that
 *   does not say nothing was done, answered something that is not JSON, or
 *   found its key still in progress. Adyen may have acted.
 * A call without a key (card lookup) moves nothing, so its failures are all ProcessorErrors.
 */
export function adyenClient(config: AdyenConfig, fetchImpl: FetchLike) {
  return async function post<T>(path: string, body: unknown, idempotencyKey?: string): Promise<T> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-API-Key': config.apiKey };
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const unknown = (detail: string) =>
      idempotencyKey
        ? new ProcessorOutcomeUnknown(`Adyen ${path} ${detail}; it may have acted`)
        : new ProcessorError(`Adyen ${path} ${detail}`, true);
    let response: Response;
    let text: string;
    try {
      const signal = AbortSignal.timeout(config.timeoutMs ?? defaultTimeoutMs);
      response = await fetchImpl(`${config.checkoutUrl}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      if (notSent(error)) throw new ProcessorError(`Adyen ${path} unreachable: ${describe(error)}`, true);
      throw unknown(`failed after sending: ${describe(error)}`);
    }
    const json = text ? safeJson(text) : {};
    if (!response.ok) {
      const error = (json ?? {}) as AdyenError;
      const detail = `answered ${response.status}: ${[error.errorCode, error.message ?? text.slice(0, 200)].filter(Boolean).join(' ')}${error.pspReference ? ` (${error.pspReference})` : ''}`;
      if (response.status === 429 || (response.status >= 500 && response.headers.get('transient-error') === 'true'))
        throw new ProcessorError(`Adyen ${path} ${detail}`, true);
      if (response.status >= 500 || error.errorCode === IN_PROGRESS_CODE) throw unknown(detail);
      throw new AdyenRequestError(`Adyen ${path} ${detail}`, response.status, error);
    }
    if (json === undefined) throw unknown('answered something that is not JSON');
    return json as T;
  };
}

/** A 4xx Adyen answered: the request was refused, nothing was done. Keeps the error body for callers that read it. */
export class AdyenRequestError extends ProcessorError {
  constructor(
    message: string,
    readonly status: number,
    readonly body: AdyenError,
  ) {
    super(message, false);
  }
}

function notSent(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  return typeof code === 'string' && notSentCodes.has(code);
}

function describe(error: unknown): string {
  const name = (error as Error)?.name;
  return name === 'TimeoutError' || name === 'AbortError' ? 'timed out' : String((error as Error)?.message ?? error);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
