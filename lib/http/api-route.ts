import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';
import { AppError } from './app-error';
import { authenticate } from './authenticate';
import { errorEnvelope, successEnvelope, type Envelope } from './envelope';
import { ListResult } from './list-result';
import { readJsonBody } from './read-body';
import { parseInput } from './validation';

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteContext<P, B> = { db: Db; params: P; body: B; requestId: string; request: Request };
type Options<PS, BS> = { params?: PS; body?: BS; /** Lets clients cache a success this long. */ cacheSeconds?: number };
/** What a handler may return: data for the envelope, a ListResult, or a ready Response (CSV). */
type HandlerResult = unknown;

/**
 * The one wrapper every /api route goes through: request id, authentication,
 * zod parsing of path and body, the envelope, and error mapping. Handlers stay
 * thin and call a lib/core service.
 */
export function apiRoute<PS extends Schema | undefined = undefined, BS extends Schema | undefined = undefined>(
  options: Options<PS, BS>,
  handler: (context: RouteContext<Out<PS>, Out<BS>> & { actor: Actor }) => Promise<HandlerResult>,
) {
  return handle(options, true, (context) => handler(context as typeof context & { actor: Actor }));
}

/** The same wrapper for the few operations that need no token (POST /token, GET /enums). */
export function publicApiRoute<PS extends Schema | undefined = undefined, BS extends Schema | undefined = undefined>(
  options: Options<PS, BS>,
  handler: (context: RouteContext<Out<PS>, Out<BS>>) => Promise<HandlerResult>,
) {
  return handle(options, false, handler);
}

function handle<PS extends Schema | undefined, BS extends Schema | undefined>(
  options: Options<PS, BS>,
  requiresActor: boolean,
  handler: (context: RouteContext<Out<PS>, Out<BS>> & { actor?: Actor }) => Promise<HandlerResult>,
) {
  return async (request: Request, nextContext?: NextContext): Promise<Response> => {
    const requestId = randomUUID();
    try {
      const db = await getDb();
      // Who is calling is settled before any input is read: no token is a 401 even for a bad body.
      const actor = requiresActor ? await authenticate(db, request) : undefined;
      const params = options.params ? parseInput(options.params, (await nextContext?.params) ?? {}) : undefined;
      const body = options.body ? parseInput(options.body, await readJsonBody(request)) : undefined;
      const result = await handler({ db, actor, params: params as Out<PS>, body: body as Out<BS>, requestId, request });
      if (result instanceof Response) return withRequestId(result, requestId);
      if (result instanceof ListResult) {
        return json(successEnvelope(result.items, requestId, { count: result.total, has_more: result.hasMore }), 200, requestId);
      }
      return json(successEnvelope(result ?? {}, requestId), 200, requestId, options.cacheSeconds);
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof AppError) return json(errorEnvelope(error, requestId), error.status, requestId);
  if (isClientDisconnect(error)) {
    // The caller hung up mid-request: nothing of ours failed, and nobody reads this answer.
    console.info(JSON.stringify({ level: 'info', request_id: requestId, message: 'client closed the connection' }));
    return new Response(null, { status: 499 });
  }
  console.error(JSON.stringify({ level: 'error', request_id: requestId, message: String(error), stack: (error as Error)?.stack }));
  const internal = new AppError('server.internal_error', 'An unexpected error occurred. Nothing was changed twice; quote the request_id to support.');
  return json(errorEnvelope(internal, requestId), 500, requestId);
}

function isClientDisconnect(error: unknown): boolean {
  const e = error as { name?: string; message?: string; code?: string };
  return e?.name === 'AbortError' || e?.message === 'aborted' || e?.code === 'ECONNRESET';
}

function json(envelope: Envelope, status: number, requestId: string, cacheSeconds?: number): Response {
  const cacheControl = cacheSeconds ? `public, max-age=${cacheSeconds}` : 'no-store';
  return withRequestId(Response.json(envelope, { status, headers: { 'cache-control': cacheControl } }), requestId);
}

function withRequestId(response: Response, requestId: string): Response {
  response.headers.set('x-request-id', requestId);
  return response;
}
