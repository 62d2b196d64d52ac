import { createHmac } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { signingSecret } from '@/lib/auth/signing-secret';
import type { Db } from '@/lib/db/types';
import { isUuid } from '../shared/is-uuid';

/*
 * The leader's session in the group portal (docs/groups.md, "Leader portal"):
 * an iron-session seal (encrypted and signed) of the groups whose portal token
 * this browser presented. Its password derives from the service's signing
 * secret, so every instance reads every other's cookies and nothing is stored.
 */

/**
 * `__Host-`: Secure, path /, no Domain, so only the exact host that set it (the
 * portal domain) ever gets it back. Chromium, and Firefox, accept a Secure
 * cookie over plain http on localhost and *.localhost (potentially trustworthy
 * origins), so the same name and flags serve tests and local use.
 */
export const PORTAL_SESSION_COOKIE = '__Host-group-portal';
/** Fourteen days; the leader's link from the organiser opens a new session at any time. */
export const PORTAL_SESSION_SECONDS = 14 * 24 * 60 * 60;
/** A leader of many trips keeps the latest groups. */
const MAX_GROUPS = 20;

/** Each group with the token version it was entered with (portal-token.ts): a rotation makes the entry worthless. */
export type PortalSession = { groups: { id: string; version: number }[] };

/** Lax: a link in an email (another site) still opens the portal with its session; cross-site POSTs (actions) never carry it. */
export const portalCookieAttributes = {
  httpOnly: true,
  secure: true,
  sameSite: 'lax',
  path: '/',
  maxAge: PORTAL_SESSION_SECONDS,
} as const;

/** 43 characters derived from the signing secret (iron-session wants at least 32). */
async function sessionPassword(db: Db): Promise<string> {
  return createHmac('sha256', await signingSecret(db))
    .update('group-portal-session')
    .digest('base64url');
}

/** A sealed entry: `{ id, version }`, or a bare id from a cookie sealed before versions existed (version 1). */
function entryOf(value: unknown): PortalSession['groups'][number] | null {
  if (typeof value === 'string') return isUuid(value) ? { id: value, version: 1 } : null;
  if (typeof value !== 'object' || value === null) return null;
  const { id, version } = value as { id?: unknown; version?: unknown };
  return typeof id === 'string' && isUuid(id) && Number.isInteger(version) && (version as number) >= 1
    ? { id, version: version as number }
    : null;
}

/** The session in a cookie value; an absent, expired, forged or foreign value is an empty session. */
export async function readPortalSession(db: Db, sealed: string | undefined): Promise<PortalSession> {
  if (!sealed) return { groups: [] };
  try {
    const data = await unsealData<{ groups?: unknown }>(sealed, {
      password: await sessionPassword(db),
      ttl: PORTAL_SESSION_SECONDS,
    });
    return { groups: Array.isArray(data.groups) ? data.groups.map(entryOf).filter((entry) => entry !== null) : [] };
  } catch {
    return { groups: [] };
  }
}

/** The cookie value of a session. */
export async function sealPortalSession(db: Db, session: PortalSession): Promise<string> {
  return sealData(session, { password: await sessionPassword(db), ttl: PORTAL_SESSION_SECONDS });
}

/** The session with `groupId` entered at `version` (newest first, at most MAX_GROUPS). */
export function withGroup(session: PortalSession, groupId: string, version: number): PortalSession {
  return {
    groups: [{ id: groupId, version }, ...session.groups.filter((entry) => entry.id !== groupId)].slice(0, MAX_GROUPS),
  };
}

/** The token version the session entered the group with, or null when it holds no entry for the group. */
export const sessionVersion = (session: PortalSession, groupId: string) =>
  session.groups.find((entry) => entry.id === groupId.toLowerCase())?.version ?? null;
