import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { loadActor } from '@/lib/auth/actor';
import { privateKeyMatches } from '@/lib/auth/key-material';
import { issueToken } from '@/lib/auth/tokens';
import { apiKeys } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';

export const tokenRequestSchema = z.object({
  public_key: z.string().trim().min(1).max(200),
  private_key: z.string().trim().min(1).max(200),
});

/** POST /token: exchanges an active key pair for a 60-hour bearer token. */
export async function exchangeKeysForToken(db: Db, input: z.output<typeof tokenRequestSchema>) {
  const [key] = await db
    .select({ id: apiKeys.id, hash: apiKeys.privateKeyHash })
    .from(apiKeys)
    .where(and(eq(apiKeys.publicKey, input.public_key), isNull(apiKeys.revokedAt)));
  // loadActor also refuses a key whose user has left its organisation: such a pair gets no token at all.
  if (!key || !privateKeyMatches(input.private_key, key.hash) || !(await loadActor(db, key.id))) {
    throw new AppError('auth.invalid_credentials', 'The public and private key do not match an active API key.');
  }
  return issueToken(db, key.id);
}
