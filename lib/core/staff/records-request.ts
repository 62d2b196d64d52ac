import { z } from 'zod';
import { listAuditWithDetail } from '@/lib/core/audit/list-audit-detail';
import { listAuditSchema } from '@/lib/core/audit/list-audit';
import { listCustomers, listCustomersSchema } from '@/lib/core/customers/customers';
import { listSuppliers, listSuppliersSchema } from '@/lib/core/suppliers/suppliers';
import { getDb } from '@/lib/db/client';
import type { StaffActor } from './load-staff-actor';
import { pageNumber } from './page-number';
import { listOwnPasskeys } from './passkeys/manage-passkeys';
import { organisationRequiresPasskeys } from './passkeys/passkey-policy';

/*
 * Entry points of the back office's account, audit, customers and suppliers pages (as staff-request.ts is
 * the shell's): each opens the database and calls the same service function the API's route calls, with
 * the staff actor and the organisation in view. A page's query string is parsed by the API's own schema;
 * what does not parse falls back to the list's first page.
 */

/** The list filters a page's address may carry (strings), as the API reads them. */
export type ListQuery = Record<string, string | undefined>;

/** The address's `?page=` (page-number.ts, as every back-office list) as the API's window. */
const pageWindow = (query: ListQuery, take: number) => ({ skip: (pageNumber(query.page) - 1) * take, take });

function parsed<S extends z.ZodType>(schema: S, value: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(value);
  return result.success ? result.data : schema.parse({ organisation: value.organisation });
}

export const AUDIT_PAGE = 25;
export const RECORDS_PAGE = 25;

export async function auditFor(actor: StaffActor, query: ListQuery) {
  const input = parsed(listAuditSchema, {
    organisation: actor.rootOrganisationId,
    ...pageWindow(query, AUDIT_PAGE),
    keyword: query.keyword || undefined,
    user: query.user || undefined,
    'show-child-organisations': query.children === '1',
  });
  return { input, page: await listAuditWithDetail(await getDb(), actor, input) };
}

export async function customersFor(actor: StaffActor, query: ListQuery) {
  const input = parsed(listCustomersSchema, {
    organisation: actor.rootOrganisationId,
    ...pageWindow(query, RECORDS_PAGE),
    keyword: query.keyword || undefined,
  });
  return { input, page: await listCustomers(await getDb(), actor, input) };
}

export async function suppliersFor(actor: StaffActor, query: ListQuery) {
  const input = parsed(listSuppliersSchema, {
    organisation: actor.rootOrganisationId,
    ...pageWindow(query, RECORDS_PAGE),
    keyword: query.keyword || undefined,
  });
  return { input, page: await listSuppliers(await getDb(), actor, input) };
}

export async function accountFor(actor: StaffActor) {
  const db = await getDb();
  return {
    passkeys: await listOwnPasskeys(db, actor),
    required: await organisationRequiresPasskeys(db, actor, actor.rootOrganisationId),
  };
}
