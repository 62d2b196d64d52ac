import { describe, expect, it, vi } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { listAuditWithDetail } from '@/lib/core/audit/list-audit-detail';
import { listCustomers } from '@/lib/core/customers/customers';
import { loadStaffActor } from '@/lib/core/staff/load-staff-actor';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { listSuppliers } from '@/lib/core/suppliers/suppliers';
import { getDb } from '@/lib/db/client';
import { createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * The audit trail's read (sign-ins with their method) and the customers and suppliers actions through the
 * dashboard action wrapper: role, organisation in view, zod, the core, the 303.
 */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);
const { createCustomerAction, createSupplierAction } =
  await import('@/app/[locale]/dashboard/(signed-in)/customers/actions');

withTestDatabase();

const listWindow = (organisation: string) => ({
  organisation,
  skip: 0,
  take: 25,
  'show-child-organisations': false,
});

describe('the audit trail', () => {
  it('words each sign-in with its method and needs organisation:audit', async () => {
    const db = await getDb();
    const tenant = await createTenant('Audit');
    const auditor = await staffUser(db, ['organisation:audit'], [tenant.parentId]);
    const other = await staffUser(db, ['users:manage'], [tenant.parentId]);
    const actor = (await loadStaffActor(db, await signInByEmail(db, auditor.email)))!;
    const page = await listAuditWithDetail(db, actor, listWindow(tenant.parentId));
    expect(page.items).toEqual([expect.objectContaining({ type: 'staff:sign-in', method: 'link' })]);
    const plain = (await loadStaffActor(db, await signInByEmail(db, other.email)))!;
    await expect(listAuditWithDetail(db, plain, listWindow(tenant.parentId))).rejects.toMatchObject({
      code: 'auth.missing_role',
    });
    // The keyword filter is the API's: part of the type.
    const refused = await listAuditWithDetail(db, actor, { ...listWindow(tenant.parentId), keyword: 'sign-out' });
    expect(refused.items).toEqual([]);
    // Records of another organisation stay out.
    const elsewhere = await createTenant('Elsewhere');
    await expect(listAuditWithDetail(db, actor, listWindow(elsewhere.parentId))).rejects.toMatchObject({
      code: 'auth.organisation_forbidden',
    });
  });
});

describe('customers and suppliers', () => {
  it('creates a customer and a supplier in the organisation in view; empty fields are absent', async () => {
    const db = await getDb();
    const tenant = await createTenant('Records');
    const user = await staffUser(db, allRoles, [tenant.parentId]);
    dashboardRequest(await sealStaffSession(db, await signInByEmail(db, user.email)));
    const customer = formOf({ locale: 'fr', customer_name: 'Ada Lovelace', email: 'ada@example.com', city: '' });
    expect(await endOf(createCustomerAction(customer))).toBe('/fr/dashboard/customers?result=customer-created');
    const actor = (await loadStaffActor(db, await signInByEmail(db, user.email)))!;
    const customers = await listCustomers(db, actor, listWindow(tenant.parentId));
    expect(customers.items).toEqual([
      expect.objectContaining({ customer_name: 'Ada Lovelace', email: 'ada@example.com', city: null }),
    ]);
    const badEmail = formOf({ locale: 'fr', customer_name: 'X', email: 'not-an-address' });
    expect(await endOf(createCustomerAction(badEmail))).toBe('/fr/dashboard/customers?error=validation.failed');
    // The organisation is the session's, never the form's.
    const forged = formOf({ locale: 'en-GB', supplier_name: 'Sunny Hotels', organisation: 'org_elsewhere' });
    expect(await endOf(createSupplierAction(forged))).toBe('/dashboard/suppliers?result=supplier-created');
    const suppliers = await listSuppliers(db, actor, listWindow(tenant.parentId));
    expect(suppliers.items).toEqual([
      expect.objectContaining({ supplier_name: 'Sunny Hotels', organisation: tenant.parentId }),
    ]);
  });

  it('refuses the agent (no suppliers:manage) a supplier, and no session anything', async () => {
    const db = await getDb();
    const tenant = await createTenant('Agent');
    const agent = await staffUser(
      db,
      ['booking-and-payment:create:booking', 'booking-and-payment:create:payment'],
      [tenant.childId],
    );
    dashboardRequest(await sealStaffSession(db, await signInByEmail(db, agent.email)));
    expect(await endOf(createSupplierAction(formOf({ locale: 'en-GB', supplier_name: 'Nope' })))).toBe('403');
    expect(await endOf(createCustomerAction(formOf({ locale: 'en-GB', customer_name: 'Yes' })))).toBe(
      '/dashboard/customers?result=customer-created',
    );
    dashboardRequest(undefined);
    expect(await endOf(createCustomerAction(formOf({ locale: 'en-GB', customer_name: 'Nobody' })))).toBe('403');
  });
});
