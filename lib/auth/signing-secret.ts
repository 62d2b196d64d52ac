import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/types';
import { serviceState } from '@/lib/db/schema';

const SECRET_KEY = 'token_signing_secret';
// Keyed by database handle: one secret per database, loaded once per process.
const cache = new WeakMap<Db, Promise<Uint8Array>>();

/**
 * The HS256 secret for bearer tokens: TOKEN_SECRET when set, else one generated
 * once and kept in the database, so every instance sharing it signs alike.
 */
export function signingSecret(db: Db): Promise<Uint8Array> {
  let secret = cache.get(db);
  if (!secret) {
    secret = loadSecret(db).catch((error) => {
      cache.delete(db);
      throw error;
    });
    cache.set(db, secret);
  }
  return secret;
}

async function loadSecret(db: Db): Promise<Uint8Array> {
  if (process.env.TOKEN_SECRET) return new TextEncoder().encode(process.env.TOKEN_SECRET);
  await db
    .insert(serviceState)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serviceState).where(eq(serviceState.key, SECRET_KEY));
  return new TextEncoder().encode(row!.value);
}
