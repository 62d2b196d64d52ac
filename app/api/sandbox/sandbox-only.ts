import { GET as unknownEndpoint } from '@/app/api/[...path]/route';
import { isSandbox } from '@/lib/config';

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * Sandbox helpers do not exist in production mode: there they answer exactly what
 * an unknown endpoint answers (404 route.not_found), before any token is checked,
 * so a production service reveals nothing about them.
 */
export function sandboxOnly<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => (isSandbox() ? handler(request, context) : unknownEndpoint(request));
}

/** The same for a sandbox route's other methods (lib/http/method-not-allowed.ts): no 405 reveals the path in production. */
export function sandboxOnlyMethods<T extends Record<string, (request: Request) => Promise<Response>>>(handlers: T): T {
  return Object.fromEntries(Object.entries(handlers).map(([verb, handler]) => [verb, sandboxOnly(handler)])) as T;
}
