import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from './support/test';
import { call } from './card-fixtures';
import { oneClick } from './dashboard-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * A busy booking's page (docs/dashboard-bookings.md): each list shows the newest 25 with its total, and links to
 * the list page filtered by the booking where there is one. Links are made through the public API.
 */
test.setTimeout(180_000);

/** The booking page's "Showing {shown} of {total}." in `locale`'s catalog. */
const moreOf = (locale: string): string =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', locale, 'DashboardBookings.json'), 'utf8')).detail
    .moreOf;

const LINKS = 28;
/** SBX-<digits> like the seeded bookings (home.spec.ts checks every sandbox booking looks like one). */
const reference = () => `SBX-${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function busyBooking(request: APIRequestContext) {
  const booking = await call(request, 'sandbox', 'PUT', '/agent/bookings', {
    organisation: 'org_sandbox_travel',
    booking_reference: reference(),
    customer_name: 'Ada Lovelace',
    email: 'ada@example.com',
  });
  for (let i = 0; i < LINKS; i++)
    await call(request, 'sandbox', 'PUT', '/agent/payment-links', {
      organisation: 'org_sandbox_travel',
      booking_id: booking.id,
      customer_name: 'Ada Lovelace',
      email: 'ada@example.com',
      amount: 1000 + i,
    });
  return { id: booking.id as string, reference: booking.booking_reference as string };
}

test('a busy booking shows the newest 25 links of 28, and "Show all" opens the links filtered by the booking', async ({
  browser,
  request,
}) => {
  const booking = await busyBooking(request);
  const admin = await oneClick(browser, 'Sandbox Admin');
  await admin.goto(`/dashboard/bookings/${booking.id}`);
  const links = admin.getByTestId('booking-links');
  await expect(links.locator('tbody tr')).toHaveCount(25);
  await expect(admin.getByTestId('booking-links-more')).toContainText('Showing 25 of 28.');
  // Lists within their bound say nothing more.
  await expect(admin.getByTestId('booking-transactions-more')).toHaveCount(0);
  await expectNoAxeViolations(admin, 'a busy booking');
  await admin.setViewportSize({ width: 320, height: 800 });
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await admin.getByTestId('booking-links-all').click();
  await expect(admin).toHaveURL(/\/dashboard\/links\?keyword=/);
  await expect(admin.locator('#filter-keyword')).toHaveValue(booking.reference);
  await expect(admin.getByTestId('links-count')).toHaveText('28 found.');
  await expectNoAxeViolations(admin, 'the links of a busy booking');
  // The list pages as every back-office list does (list-pager.tsx), its filter kept.
  await expect(admin.getByTestId('link-row')).toHaveCount(25);
  await admin.getByTestId('pager-next').click();
  await expect(admin).toHaveURL(/\/dashboard\/links\?keyword=[^&]+&page=2$/);
  await expect(admin.getByTestId('link-row')).toHaveCount(3);
  await expect(admin.getByTestId('pager-range')).toHaveText('Showing 26 to 28 of 28');

  // The note in each language's own words and digits, as its catalog has it: German, and Arabic (its own digits).
  for (const locale of ['de', 'ar']) {
    await admin.goto(`/${locale}/dashboard/bookings/${booking.id}`);
    const count = new Intl.NumberFormat(locale);
    await expect(admin.getByTestId('booking-links-more')).toContainText(
      moreOf(locale).replace('{shown}', count.format(25)).replace('{total}', count.format(28)),
    );
  }
  await expectNoAxeViolations(admin, 'a busy booking, in Arabic');
});
