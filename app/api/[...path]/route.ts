import { randomUUID } from 'node:crypto';
import { AppError } from '@/lib/http/app-error';
import { errorResponse } from '@/lib/http/api-route';

/** Any /api path that no operation serves answers a 404 in the envelope, not an HTML page. */
function unknownEndpoint(request: Request): Response {
  const path = new URL(request.url).pathname;
  return errorResponse(new AppError('route.not_found', `No operation at ${request.method} ${path}.`), randomUUID());
}

export {
  unknownEndpoint as GET,
  unknownEndpoint as POST,
  unknownEndpoint as PUT,
  unknownEndpoint as DELETE,
  unknownEndpoint as PATCH,
  unknownEndpoint as OPTIONS,
};
