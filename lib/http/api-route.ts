import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';
import { AppError } from './app-error';
import { authenticate } from './authenticate';
import { successEnvelope } from './envelope';
import { errorResponse, json, withRequestId } from './error-response';
import { ListResult } from './list-result';
import { readJsonBody } from './read-body';
import { parseInput } from './validation';

export { errorResponse };

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
      checkIdempotencyKey(request);
      const params = options.params ? parseInput(options.params, (await nextContext?.params) ?? {}) : undefined;
      const body = options.body ? parseInput(options.body, await readJsonBody(request)) : undefined;
      const result = await handler({ db, actor, params: params as Out<PS>, body: body as Out<BS>, requestId, request });
      if (result instanceof Response) return withRequestId(result, requestId);
      if (result instanceof ListResult) {
        return json(
          successEnvelope(result.items, requestId, { count: result.total, has_more: result.hasMore }),
          200,
          requestId,
        );
      }
      return json(successEnvelope(result ?? {}, requestId), 200, requestId, options.cacheSeconds);
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

/** A client's Idempotency-Key is stored (in a unique index) and compared: 1 to 255 printable ASCII characters, no spaces. */
function checkIdempotencyKey(request: Request): void {
  const key = request.headers.get('idempotency-key');
  if (key === null) return;
  if (key.length === 0 || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError(
      'request.invalid_idempotency_key',
      'The Idempotency-Key header must be 1 to 255 printable characters, without spaces.',
    );
  }
}
