import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { signingSecret } from '@/lib/auth/signing-secret';
import { now } from '@/lib/clock';
import { paymentLinkGroups } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';

/*
 * The leader's access token in `portal_url` (docs/groups.md, "Portal tokens"): an HMAC, under the
 * service's signing secret, of the group id and the group's token version. Nothing secret is
 * stored; every instance computes the same token, and it cannot be guessed or moved to another
 * group. A rotation adds one to the version, which kills every earlier token and every portal
 * session opened with one (the session carries the version). Version 1 is the token of before
 * versions existed (the id alone), so a portal URL already sent keeps working until the group's
 * first rotation or its expiry.
 */

/** A token (and a session opened with it) lives this long after the later of the group's member-link expiry and its last rotation. */
export const PORTAL_TOKEN_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

/** The group's current token version and when its tokens expire. */
export type PortalTokenState = { version: number; expiresAt: Date };

/** When a version's tokens expire: 30 days after the payment deadline (`link_expires_at`), or after the last rotation if later. */
export const portalTokenExpiry = (linkExpiresAt: Date, rotatedAt: Date | null) =>
  new Date(Math.max(linkExpiresAt.getTime(), rotatedAt?.getTime() ?? 0) + PORTAL_TOKEN_GRACE_MS);

/** The group's token state, read on every portal entry, page and action (one lookup by primary key); undefined: no such group. */
export async function portalTokenState(db: Executor, groupId: string): Promise<PortalTokenState | undefined> {
  const [row] = await db
    .select({
      version: paymentLinkGroups.portalTokenVersion,
      linkExpiresAt: paymentLinkGroups.linkExpiresAt,
      rotatedAt: paymentLinkGroups.portalTokenRotatedAt,
    })
    .from(paymentLinkGroups)
    .where(eq(paymentLinkGroups.id, groupId));
  return row ? { version: row.version, expiresAt: portalTokenExpiry(row.linkExpiresAt, row.rotatedAt) } : undefined;
}

/** Whether a token or session of `version` still opens the group now. */
export const portalVersionValid = (state: PortalTokenState | undefined, version: number) =>
  state !== undefined && state.version === version && now() < state.expiresAt;

/** The token of one version of the group (version 1: the id alone, as before versions existed). */
export async function portalToken(db: Db, groupId: string, version: number): Promise<string> {
  const message = version === 1 ? `group-portal:${groupId}` : `group-portal:${groupId}:v${version}`;
  return createHmac('sha256', await signingSecret(db))
    .update(message)
    .digest('base64url');
}

/** The version `token` opens the group with (constant-time comparison), or null: wrong, of an earlier version, or expired. */
export async function portalTokenVersion(db: Db, groupId: string, token: string): Promise<number | null> {
  const state = await portalTokenState(db, groupId);
  if (!state || !portalVersionValid(state, state.version)) return null;
  const expected = Buffer.from(await portalToken(db, groupId, state.version));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? state.version : null;
}
