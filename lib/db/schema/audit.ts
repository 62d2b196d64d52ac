import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns';
import { organisations } from './organisations';
import { apiKeys, users } from './users';

/** One row per change, written in the same database transaction as the change. */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: uuid('user_id').references(() => users.id),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id),
    /** Who acted: 'user' (an API key's user), 'customer' (paying on a hosted page) or 'service' (the runner). */
    actorKind: text('actor_kind').notNull().default('user'),
    /** The customer's email when actorKind is 'customer'. */
    actorEmail: text('actor_email'),
    type: text('type').notNull(),
    entityId: text('entity_id').notNull(),
    createdAt: createdAt(),
    // Orders events written in the same millisecond (a customer and its booking) as they happened.
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('audit_org_created_idx').on(
      t.organisationId,
      t.createdAt.desc().nullsFirst(),
      t.sequence.desc().nullsFirst(),
    ),
    index('audit_org_user_created_idx').on(t.organisationId, t.userId, t.createdAt.desc().nullsFirst()),
    // A booking's detail and a payment's timeline read the records of their own entities.
    index('audit_org_entity_idx').on(t.organisationId, t.entityId),
  ],
);
