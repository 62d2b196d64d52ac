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
