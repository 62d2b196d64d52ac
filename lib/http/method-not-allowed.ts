import { randomUUID } from 'node:crypto';
import { AppError } from './app-error';
import { errorResponse } from './error-response';

export const httpVerbs = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpVerb = (typeof httpVerbs)[number];
type Handler = (request: Request) => Promise<Response>;
type Others<A extends HttpVerb> = Record<Exclude<HttpVerb, A>, Handler> & { OPTIONS: Handler };

/**
 * The handlers a route file exports for the verbs it does not serve. Next.js
 * answers a verb a route file lacks with an empty 405; a route exports these
 * instead, so every unsupported method answers the envelope with an `Allow`
 * header (and OPTIONS lists the real verbs). Each route ends with
 *   export const { GET, PATCH, DELETE, OPTIONS } = otherMethods('POST', 'PUT');
 * Naming a verb the file also exports is a duplicate export (a type error);
 * forgetting one leaves Next's empty 405, which tests/integration/safety/methods.test.ts catches.
 */
export function otherMethods<A extends HttpVerb>(...allowed: A[]): Others<A> {
  const allow = [...allowed, 'OPTIONS'].join(', ');
  const notAllowed: Handler = async (request) => {
    const path = new URL(request.url).pathname;
    const error = new AppError(
      'request.method_not_allowed',
      `${request.method} is not supported at ${path}; it accepts ${allowed.join(', ')}.`,
    );
    const response = errorResponse(error, randomUUID());
    response.headers.set('allow', allow);
    return response;
  };
  const handlers = Object.fromEntries(
    httpVerbs.filter((verb) => !(allowed as HttpVerb[]).includes(verb)).map((verb) => [verb, notAllowed]),
  );
  const options: Handler = async () => new Response(null, { status: 204, headers: { allow } });
  return { ...handlers, OPTIONS: options } as Others<A>;
}
