import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampColumn, updatedAt } from './columns';
import { organisations } from './organisations';

/** A person or system account; API keys belong to a user. */
export const users = pgTable('users', {
  id: idColumn(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  roles: text('roles').array().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The organisations a user belongs to; their child organisations are reachable too. */
export const userOrganisations = pgTable(
  'user_organisations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organisationId] }),
    index('user_organisations_org_idx').on(t.organisationId),
  ],
);

/** An API key pair. Only a hash of the private key is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull().unique(),
    privateKeyHash: text('private_key_hash').notNull(),
    roles: text('roles').array().notNull().default([]),
    revokedAt: timestampColumn('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_org_idx').on(t.organisationId, t.createdAt)],
);
