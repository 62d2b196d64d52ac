import { AppError } from './app-error';
import { errorEnvelope, type Envelope } from './envelope';
import { describeErrorSafely } from './safe-error-log';

/** The answer to any failure: an AppError as itself, anything else as a logged 500. */
export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof AppError) return json(errorEnvelope(error, requestId), error.status, requestId);
  if (isClientDisconnect(error)) {
    // The caller hung up mid-request: nothing of ours failed, and nobody reads this answer.
    console.info(JSON.stringify({ level: 'info', request_id: requestId, message: 'client closed the connection' }));
    return new Response(null, { status: 499 });
  }
  // The request id ties the log line to the answer; the error's message never reaches the log (it may hold request data).
  console.error(
    JSON.stringify({
      level: 'error',
      request_id: requestId,
      message: 'unexpected error',
      error: describeErrorSafely(error),
    }),
  );
  const internal = new AppError(
    'server.internal_error',
    'An unexpected error occurred. Nothing was changed twice; quote the request_id to support.',
  );
  return json(errorEnvelope(internal, requestId), 500, requestId);
}

function isClientDisconnect(error: unknown): boolean {
  const e = error as { name?: string; message?: string; code?: string };
  return e?.name === 'AbortError' || e?.message === 'aborted' || e?.code === 'ECONNRESET';
}

export function json(envelope: Envelope, status: number, requestId: string, cacheSeconds?: number): Response {
  const cacheControl = cacheSeconds ? `public, max-age=${cacheSeconds}` : 'no-store';
  return withRequestId(Response.json(envelope, { status, headers: { 'cache-control': cacheControl } }), requestId);
}

export function withRequestId(response: Response, requestId: string): Response {
  response.headers.set('x-request-id', requestId);
  return response;
}
