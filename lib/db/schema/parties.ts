import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns';
import { organisations } from './organisations';

export const customers = pgTable(
  'customers',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    customerName: text('customer_name'),
    email: text('email'),
    address1: text('address_1'),
    address2: text('address_2'),
    city: text('city'),
    county: text('county'),
    country: text('country'),
    postCode: text('post_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customers_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('customers_org_email_idx').on(t.organisationId, sql`lower(${t.email})`),
  ],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    supplierName: text('supplier_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('suppliers_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
