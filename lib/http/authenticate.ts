import { loadActor, type Actor } from '@/lib/auth/actor';
import { verifyToken } from '@/lib/auth/tokens';
import type { Db } from '@/lib/db/types';
import { AppError } from './app-error';

/** No header answers 401; a bad, expired or revoked token 403 (service-interface.md, Authentication). */
export async function authenticate(db: Db, request: Request): Promise<Actor> {
  const header = request.headers.get('authorization');
  if (!header) throw new AppError('auth.missing_token', 'Send an Authorization: Bearer <token> header; get a token from POST /api/token.');
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const apiKeyId = match ? await verifyToken(db, match[1]!) : null;
  const actor = apiKeyId ? await loadActor(db, apiKeyId) : null;
  if (!actor) throw new AppError('auth.invalid_token', 'The bearer token is invalid, expired or revoked.');
  return actor;
}
