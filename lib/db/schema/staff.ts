import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampColumn } from './columns';
import { organisations } from './organisations';
import { users } from './users';

/*
 * The back office's sign-in (docs/dashboard.md). A link's token is never stored, only its SHA-256,
 * so a copy of the database signs nobody in. A link is claimed once by a conditional UPDATE
 * (`used_at IS NULL AND expires_at > now`): two tabs racing get one session between them.
 */
export const staffSignInLinks = pgTable(
  'staff_sign_in_links',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
  },
  (t) => [
    uniqueIndex('staff_sign_in_links_token_uq').on(t.tokenHash),
    // The per-address rate limit counts a user's recent links.
    index('staff_sign_in_links_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A signed-in browser. The sealed cookie only names the row; the row decides: ended (sign out),
 * idle (last_seen_at older than the idle timeout) or past its absolute expiry, it signs in nobody.
 * `method` says how it began: 'link', 'sandbox', 'passkey', or 'link-enrol' (a link where passkeys are required: docs/dashboard-passkeys.md).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The organisation in view (the switcher); it must still be in the user's reach on each request. */
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    method: text('method').notNull().default('link'),
    createdAt: createdAt(),
    lastSeenAt: timestampColumn('last_seen_at').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    endedAt: timestampColumn('ended_at'),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
);

/**
 * A member of staff's passkey (WebAuthn credential; docs/dashboard-passkeys.md). `credential_id` is the
 * authenticator's id (base64url), unique across users: a credential belongs to one user only. `counter`
 * is the authenticator's signature counter, moved forward by a conditional UPDATE on each sign-in.
 */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampColumn('last_used_at'),
  },
  (t) => [
    uniqueIndex('staff_passkeys_credential_uq').on(t.credentialId),
    index('staff_passkeys_user_idx').on(t.userId),
  ],
);

/**
 * A WebAuthn challenge the service issued: single use (`used_at`, claimed by a conditional UPDATE) and short
 * lived (`expires_at`). A registration's names the signed-in user it was issued to; a sign-in's names nobody.
 */
export const staffWebauthnChallenges = pgTable(
  'staff_webauthn_challenges',
  {
    id: idColumn(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
  },
  (t) => [uniqueIndex('staff_webauthn_challenges_uq').on(t.challenge)],
);
