import { loadActor, type Actor } from '@/lib/auth/actor';
import { verifyToken } from '@/lib/auth/tokens';
import type { Db } from '@/lib/db/types';
import { AppError } from './app-error';

const HOW = 'Send an Authorization: Bearer <token> header; get a token from POST /api/token.';

/**
 * No bearer token answers 401 — no header, an empty one, or another scheme
 * (Basic …): the caller has not authenticated the way this API asks. A bearer
 * token that is bad, expired, revoked, or whose user left the organisation is a
 * 403 (docs/service-interface.md, Authentication).
 */
export async function authenticate(db: Db, request: Request): Promise<Actor> {
  const header = request.headers.get('authorization')?.trim();
  if (!header) throw new AppError('auth.missing_token', HOW);
  const [scheme, ...rest] = header.split(/\s+/);
  if (scheme!.toLowerCase() !== 'bearer')
    throw new AppError('auth.unsupported_scheme', `The ${scheme!.slice(0, 20)} scheme is not accepted. ${HOW}`);
  if (rest.length === 0) throw new AppError('auth.missing_token', HOW);
  const apiKeyId = rest.length === 1 ? await verifyToken(db, rest[0]!) : null;
  const actor = apiKeyId ? await loadActor(db, apiKeyId) : null;
  if (!actor)
    throw new AppError(
      'auth.invalid_token',
      'The bearer token is invalid, expired or revoked, or its user no longer belongs to the organisation.',
    );
  return actor;
}
