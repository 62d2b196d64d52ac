import { ProcessorError } from '../port';
import type { AdyenConfig } from './adyen-config';

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<Response>;

/** Adyen's error body (Checkout API): `{ status, errorCode, message, errorType, pspReference }`. */
type AdyenError = { status?: number; errorCode?: string; message?: string; errorType?: string; pspReference?: string };

/**
 * A POST to the Checkout API with the API key and, for every call that moves
 * money, the caller's Idempotency-Key, so that Adyen answers a retry with the
 * first answer instead of charging again. Any transport failure or non-2xx
 * answer is a ProcessorError; the caller may retry with the same key.
 */
export function adyenClient(config: AdyenConfig, fetchImpl: FetchLike) {
  return async function post<T>(path: string, body: unknown, idempotencyKey?: string): Promise<T> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-API-Key': config.apiKey };
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let response: Response;
    try {
      response = await fetchImpl(`${config.checkoutUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    } catch (error) {
      throw new ProcessorError(`Adyen ${path} unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    const json = text ? safeJson(text) : {};
    if (!response.ok) {
      const error = (json ?? {}) as AdyenError;
      const detail = [error.errorCode, error.message ?? text.slice(0, 200)].filter(Boolean).join(' ');
      throw new ProcessorError(`Adyen ${path} answered ${response.status}: ${detail}${error.pspReference ? ` (${error.pspReference})` : ''}`);
    }
    if (json === undefined) throw new ProcessorError(`Adyen ${path} answered something that is not JSON`);
    return json as T;
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
