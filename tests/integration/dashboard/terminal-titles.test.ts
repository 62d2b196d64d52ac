import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { getDb } from '@/lib/db/client';
import { bookings, organisations } from '@/lib/db/schema';
import { createBookingVia, createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/* The virtual terminal's pages are titled "<page> – <organisation in view>" in the page's language (terminal-title.ts). */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);
vi.mock('next-intl/server', async () => (await import('../support/action-request')).nextIntlServer);

const { openTerminalOrderAction } = await import('@/app/[locale]/dashboard/(signed-in)/terminal/actions');
const terminalPage = await import('@/app/[locale]/dashboard/(signed-in)/terminal/page');
const orderPage = await import('@/app/[locale]/dashboard/(signed-in)/terminal/[order]/page');

withTestDatabase();

const titleOf = async (metadata: Promise<{ title?: unknown }>) => (await metadata).title;

describe('the virtual terminal’s titles', () => {
  it('name the page and the organisation in view, in the page’s language; an order the staff cannot see only the page', async () => {
    const db = await getDb();
    const tenant = await createTenant('Titles');
    const [organisation] = await db.select().from(organisations).where(eq(organisations.id, tenant.parentId));
    const bookingId = await createBookingVia(tenant.admin.token, tenant.parentId);
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    const staff = await staffUser(db, allRoles, [tenant.parentId]);
    dashboardRequest(await sealStaffSession(db, await signInByEmail(db, staff.email)));
    const name = organisation!.name;

    expect(await titleOf(terminalPage.generateMetadata({ params: Promise.resolve({ locale: 'en-GB' }) }))).toBe(
      `Virtual terminal – ${name}`,
    );
    expect(await titleOf(terminalPage.generateMetadata({ params: Promise.resolve({ locale: 'de' }) }))).toBe(
      `Virtuelles Terminal – ${name}`,
    );

    const end = await endOf(
      openTerminalOrderAction(
        formOf({ locale: 'en-GB', booking: bookingId, amount: '10', currency: 'GBX', method: 'MOTO_OTHER' }),
      ),
    );
    const order = end.split('/').pop()!;
    const reference = booking!.bookingReference;
    expect(await titleOf(orderPage.generateMetadata({ params: Promise.resolve({ locale: 'en-GB', order }) }))).toBe(
      `Phone payment for booking ${reference} – ${name}`,
    );
    // Another organisation's order (or none): the page 404s, and its title tells nothing of an order.
    const other = await createTenant('Other');
    const otherStaff = await staffUser(db, allRoles, [other.parentId]);
    dashboardRequest(await sealStaffSession(db, await signInByEmail(db, otherStaff.email)));
    const otherTitle = await titleOf(
      orderPage.generateMetadata({ params: Promise.resolve({ locale: 'en-GB', order }) }),
    );
    expect(otherTitle).toMatch(/^Virtual terminal – /);
    expect(otherTitle).not.toContain(reference);
  });
});
