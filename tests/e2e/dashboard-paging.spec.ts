import { randomBytes } from 'node:crypto';
import { expect, test } from './support/test';
import { call } from './card-fixtures';
import { oneClick } from './dashboard-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * Every back-office list pages the same way (list-pager.tsx): "Showing 1 to 25 of 27", plain previous / next links
 * carrying `?page=` and the list's filters, so paging works without JavaScript. The customers list, filtered to 27
 * customers made through the API for this test; the bookings list (its own filters and CSV export beside the pager) the
 * same way with 26 bookings.
 */
const COUNT = 27;

test('a list pages by plain links, its filter kept: 25, then the last 2, then back; without JavaScript too', async ({
  browser,
  request,
}) => {
  const token = `paging-${randomBytes(4).toString('hex')}`;
  for (let i = 0; i < COUNT; i++)
    await call(request, 'sandbox', 'PUT', '/agent/customers', {
      organisation: 'org_sandbox_travel',
      customer_name: `Ada ${token} ${i}`,
    });
  const admin = await oneClick(browser, 'Sandbox Admin', {
    javaScriptEnabled: false,
    at: `/dashboard/customers?keyword=${token}`,
  });
  await expect(admin.getByTestId('customer-row')).toHaveCount(25);
  await expect(admin.getByTestId('pager-range')).toHaveText(`Showing 1 to 25 of ${COUNT}`);
  await admin.getByTestId('pager-next').click();
  await expect(admin).toHaveURL(new RegExp(`/dashboard/customers\\?keyword=${token}&page=2$`));
  await expect(admin.getByTestId('customer-row')).toHaveCount(2);
  await expect(admin.getByTestId('pager-range')).toHaveText(`Showing 26 to 27 of ${COUNT}`);
  await expect(admin.getByTestId('pager-next')).toHaveCount(0);
  await admin.getByRole('link', { name: 'Previous page' }).click();
  await expect(admin).toHaveURL(new RegExp(`/dashboard/customers\\?keyword=${token}$`));
  await expect(admin.getByTestId('customer-row')).toHaveCount(25);

  // axe runs as a script: the second page in a browser with JavaScript.
  const withScript = await oneClick(browser, 'Sandbox Admin', { at: `/dashboard/customers?keyword=${token}&page=2` });
  await expect(withScript.getByTestId('customer-row')).toHaveCount(2);
  await expectNoAxeViolations(withScript, 'customers, page 2');
});

test('the bookings list pages with the same pager, its filter kept in the pages and the export link', async ({
  browser,
  request,
}) => {
  const token = `paging-${randomBytes(4).toString('hex')}`;
  for (let i = 0; i < 26; i++)
    await call(request, 'sandbox', 'PUT', '/agent/bookings', {
      organisation: 'org_sandbox_travel',
      // SBX-<digits> like every sandbox booking (home.spec.ts); the token is in the name, which the keyword searches.
      booking_reference: `SBX-${Date.now()}${i}${Math.floor(Math.random() * 1e4)}`,
      customer_name: `Ada ${token}`,
      email: 'ada@example.com',
    });
  const admin = await oneClick(browser, 'Sandbox Admin', {
    javaScriptEnabled: false,
    at: `/dashboard/bookings?keyword=${token}`,
  });
  await expect(admin.getByTestId('booking-row')).toHaveCount(25);
  await expect(admin.getByTestId('pager-range')).toHaveText('Showing 1 to 25 of 26');
  await expect(admin.getByTestId('export-csv')).toHaveAttribute('href', `/dashboard/bookings/export?keyword=${token}`);
  await admin.getByTestId('pager-next').click();
  await expect(admin).toHaveURL(new RegExp(`/dashboard/bookings\\?keyword=${token}&page=2$`));
  await expect(admin.getByTestId('booking-row')).toHaveCount(1);
  await expect(admin.getByTestId('pager-range')).toHaveText('Showing 26 to 26 of 26');
  await admin.getByRole('link', { name: 'Previous page' }).click();
  await expect(admin).toHaveURL(new RegExp(`/dashboard/bookings\\?keyword=${token}$`));
});
