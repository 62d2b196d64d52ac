import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
 * `method` says how it began ('link' today; a passkey slice adds 'passkey').
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
