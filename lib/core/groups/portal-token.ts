import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '@/lib/db/types';
import { signingSecret } from '@/lib/auth/signing-secret';

/**
 * The leader's access token in `portal_url`: an HMAC of the group id under the
 * service's signing secret. Nothing is stored, every instance computes the
 * same token, and it cannot be guessed or moved to another group. It changes
 * only when the signing secret does (docs/groups.md).
 */
export async function portalToken(db: Db, groupId: string): Promise<string> {
  return createHmac('sha256', await signingSecret(db)).update(`group-portal:${groupId}`).digest('base64url');
}

/** True when `token` is the leader token of `groupId` (constant-time comparison). */
export async function isPortalToken(db: Db, groupId: string, token: string): Promise<boolean> {
  const expected = Buffer.from(await portalToken(db, groupId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
