import { createHmac } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { signingSecret } from '@/lib/auth/signing-secret';
import type { Db } from '@/lib/db/types';
import { isUuid } from '../shared/is-uuid';
import { SESSION_ABSOLUTE_MS } from './staff-times';

/*
 * The back office's cookie names a staff_sessions row and nothing else: the row decides whether
 * it still signs anyone in (load-staff-actor.ts). Sealed with iron-session (encrypted and signed)
 * under a password derived from the service's signing secret, as the portal's cookie is
 * (lib/core/groups/portal-session.ts), so every instance reads every other's.
 */

/** `__Host-`: Secure, Path=/, no Domain, so only the main host that set it gets it back. */
export const STAFF_SESSION_COOKIE = '__Host-staff-session';

/**
 * Lax: a sign-in link opened from a mail client (another site) is a top-level GET that may carry it,
 * while cross-site POSTs (actions) never do. Chromium and Firefox accept Secure cookies over plain
 * http on localhost, so the same flags serve local use and the e2e suite (as the portal's do).
 * The cookie outlives no session: the absolute timeout is its Max-Age.
 */
export const staffCookieAttributes = {
  httpOnly: true,
  secure: true,
  sameSite: 'lax',
  path: '/',
  maxAge: SESSION_ABSOLUTE_MS / 1000,
} as const;

async function cookiePassword(db: Db): Promise<string> {
  return createHmac('sha256', await signingSecret(db))
    .update('staff-session')
    .digest('base64url');
}

/** The cookie value naming session `sessionId`. */
export async function sealStaffSession(db: Db, sessionId: string): Promise<string> {
  return sealData({ sid: sessionId }, { password: await cookiePassword(db), ttl: SESSION_ABSOLUTE_MS / 1000 });
}

/** The session a cookie names, or null for an absent, forged, foreign or stale value. */
export async function unsealStaffSession(db: Db, sealed: string | undefined): Promise<string | null> {
  if (!sealed) return null;
  const password = await cookiePassword(db);
  const known = unsealed.recall(password, sealed);
  if (known) return known;
  try {
    const data = await unsealData<{ sid?: unknown }>(sealed, { password, ttl: SESSION_ABSOLUTE_MS / 1000 });
    if (typeof data.sid !== 'string' || !isUuid(data.sid)) return null;
    unsealed.remember(password, sealed, data.sid);
    return data.sid;
  } catch {
    return null;
  }
}

/*
 * Unsealing (iron's key derivation, decryption and MAC, through WebCrypto) was about 4 % of every back-office page's
 * CPU, for the same cookie request after request. A cookie that unsealed once names the same session until the seal
 * expires, so its answer is remembered for a minute. Nothing about the session is remembered: loadStaffActor reads
 * the row on every request, so a session ended, a user removed or a role taken away still counts at once, and the
 * row's own expiry (the seal's) is checked there. Keyed by password too, so a changed secret forgets every answer.
 */
const unsealed = rememberedUnseals(1000, 60_000);

function rememberedUnseals(size: number, forMs: number) {
  const answers = new Map<string, { sid: string; until: number }>();
  return {
    recall(password: string, sealed: string): string | null {
      const answer = answers.get(`${password} ${sealed}`);
      return answer && answer.until > Date.now() ? answer.sid : null;
    },
    remember(password: string, sealed: string, sid: string) {
      // A Map iterates in insertion order: the first key is the oldest.
      if (answers.size >= size) answers.delete(answers.keys().next().value!);
      answers.set(`${password} ${sealed}`, { sid, until: Date.now() + forMs });
    },
  };
}
