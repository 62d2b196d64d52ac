import { expect, test, type Page } from './support/test';
import { cardChecked, createLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { api, ORG_A } from './group-portal-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * Issue 17, items 7, 10 and 12: the customer is the payer; the success page is a confirmation;
 * failure pages say why and what next; card brands by their names; the exclusion notice and the pay
 * button say what is accepted and why this card cannot pay; the receipt's details, short reference
 * and one printed A4 page; a replaced member link leads to the current one and the leader is offered
 * to send the new links; unknown ids are the 404 page at their own address.
 */

const SHORT_REFERENCE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/;

// Each journey builds links, pays and runs axe: slower than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });

async function payFails(page: Page, number: string) {
  const id = await createLink(page.request);
  await page.goto(`/${id}`);
  await fillCard(page, number);
  await cardChecked(page);
  await page.getByTestId('pay-button').click();
  return id;
}

test.describe('wording: payer, confirmation, failures, brands', () => {
  test('the checkout names the payer and the brand; the success page confirms what was paid, how, when, and its reference', async ({
    page,
    request,
  }) => {
    const id = await createLink(request, { amount: 12345 });
    await page.goto(`/${id}`);
    await expect(page.getByText('Payee')).toHaveCount(0);
    await expect(page.getByTestId('checkout-payer')).toHaveText('Ada Lovelace');
    await fillCard(page, '4111 1111 1111 1111');
    await cardChecked(page);
    await expect(page.getByTestId('card-brand')).toHaveText('Card type: Visa');
    await page.getByRole('button', { name: 'Pay £123.45' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    // A confirmation, not the pay page again: its heading is the outcome, no "Pay …" and no pay-by date.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your payment was received');
    await expect(page.getByTestId('checkout-expires')).toHaveCount(0);
    await expect(page.getByTestId('receipt-description')).toHaveText('Deposit: Lisbon');
    await expect(page.getByTestId('receipt-amount')).toHaveText('£123.45');
    await expect(page.getByTestId('receipt-method')).toHaveText('Visa ending 1111');
    await expect(page.getByTestId('receipt-date')).toHaveText(/\d{2}:\d{2} (GMT|BST)$/);
    await expect(page.getByTestId('receipt-reference')).toHaveText(SHORT_REFERENCE);
    await expect(page.locator('body')).not.toContainText('VISA');
    await expectNoAxeViolations(page, 'success page');
    // The link itself, paid: the same confirmation, never a form.
    await page.goto(`/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This payment link has been paid');
    await expect(page.getByTestId('card-form')).toHaveCount(0);
  });

  for (const [label, number, why, next] of [
    ['declined', '4000 0000 0000 0002', 'Your card issuer declined the payment.', 'another card'],
    ['insufficient funds', '4000 0099 9999 9009', 'there were not enough funds available', 'another card'],
  ] as const) {
    test(`a ${label} card: the failure page says why and what to do next`, async ({ page }) => {
      const id = await payFails(page, number);
      await expect(page).toHaveURL(`${sandboxUrl}/${id}/failure`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your payment was not taken');
      await expect(page.getByTestId('failure-why')).toContainText(why);
      await expect(page.getByTestId('failure-next')).toContainText(next);
      await expect(page.getByTestId('try-again')).toBeVisible();
      await expectNoAxeViolations(page, `failure: ${label}`);
    });
  }

  test('a failed 3-D Secure check: the failure page says the security check was not completed', async ({ page }) => {
    const id = await payFails(page, '4212 3456 7891 0006');
    await expect(page).toHaveURL(/\/sandbox\/3ds\//);
    await expect(page.getByText('with your Visa card ending 0006')).toBeVisible();
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/failure`);
    await expect(page.getByTestId('failure-why')).toContainText('3-D Secure');
    await expect(page.getByTestId('failure-next')).toContainText('complete the check');
  });

  test('a refused card: the notice names what is accepted in plain words, the pay button says why it cannot pay', async ({
    page,
    request,
  }) => {
    const id = await createLink(request, { excluded_card_types: ['AMEX'] });
    await page.goto(`/${id}`);
    await fillCard(page, '3700 0000 0000 002');
    await expect(page.getByTestId('card-excluded')).toContainText(
      'American Express cards are not accepted. You can pay by Visa or Mastercard.',
    );
    const button = page.getByTestId('pay-button');
    await expect(button).toHaveText('Cannot pay: this card is not accepted');
    await expect(button).toHaveAttribute('aria-describedby', 'card-refusal');
    await button.click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}`);
    await expectNoAxeViolations(page, 'refused card');
  });
});

test.describe('the receipt', () => {
  test('shows the payer, the description, the legal details, the time with its zone and a short reference; prints on one A4 page', async ({
    page,
    request,
  }) => {
    await api(request, 'post', `/agent/organisations/${ORG_A}/settings`, {
      legal_address: 'Sandbox Travel Group Ltd\n1 Harbour Street\nBristol BS1 4AA',
      company_number: '01234567',
      vat_number: 'GB123456789',
      atol_number: '12345',
    });
    const id = await createLink(request, {
      description: 'Balance: Lisbon choir trip, 3 nights',
      surcharging_enabled: true,
    });
    await page.goto(`/${id}`);
    await fillCard(page, '5200 8300 0000 0007');
    await cardChecked(page);
    await page.getByRole('button', { name: /^Confirm and pay/ }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    const reference = (await page.getByTestId('receipt-reference').textContent())!;
    await page.getByTestId('receipt-link').click();
    await expect(page).toHaveURL(/\/receipts\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('receipt-short-reference')).toHaveText(reference);
    await expect(page.getByTestId('receipt-payer')).toHaveText('Ada Lovelace');
    await expect(page.getByTestId('receipt-description')).toHaveText('Balance: Lisbon choir trip, 3 nights');
    await expect(page.getByTestId('receipt-method')).toHaveText('Mastercard ending 0007');
    await expect(page.getByTestId('receipt-date')).toHaveText(/\d{2}:\d{2} (GMT|BST)$/);
    await expect(page.getByTestId('receipt-address')).toContainText('1 Harbour Street');
    await expect(page.getByTestId('receipt-companyNumber')).toHaveText('01234567');
    await expect(page.getByTestId('receipt-vatNumber')).toHaveText('GB123456789');
    await expect(page.getByTestId('receipt-atolNumber')).toHaveText('12345');
    await expectNoAxeViolations(page, 'receipt with legal details');
    // The reference finds the payment through the API (the transactions search's extension).
    const found = await api(request, 'post', '/agent/transactions', {
      organisation: ORG_A,
      short_reference: reference,
    });
    expect(found.map((t: { short_reference: string }) => t.short_reference)).toEqual([reference.replace('-', '')]);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('print-receipt')).toBeHidden();
    await expect(page.getByTestId('receipt-legal')).toBeVisible();
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(1);
  });
});

test.describe('dead links', () => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  test('unknown ids are the friendly 404 at their own address, with status 404, readable without JavaScript', async ({
    browser,
    page: withScripts,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of [
      `/${unknown}`,
      `/${unknown}/success`,
      `/${unknown}/failure`,
      `/receipts/${unknown}`,
      `/approvals/${unknown}`,
      `/groups/${unknown}`,
      `/fr/${unknown}`,
    ]) {
      const raw = await page.request.get(`${sandboxUrl}${path}`, { maxRedirects: 0 });
      expect(raw.status(), path).toBe(404);
      const response = await page.goto(`${sandboxUrl}${path}`);
      expect(response?.status(), path).toBe(404);
      expect(page.url(), path).toBe(`${sandboxUrl}${path}`);
      await expect(page.getByTestId('not-found'), path).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await context.close();
    // axe runs as a script: in a page with JavaScript, the same document.
    expect((await withScripts.goto(`${sandboxUrl}/receipts/${unknown}`))?.status()).toBe(404);
    await expectNoAxeViolations(withScripts, '404 of a receipt');
    // An unknown embedded session: 404 too, with the frame's own words (the parent hears embed.not_found; the embed runs on JavaScript).
    expect((await withScripts.goto(`${sandboxUrl}/embed/${unknown}`))?.status()).toBe(404);
    await expect(withScripts.getByTestId('embed')).toHaveAttribute('data-state', 'not_found');
  });

  test('a member’s replaced link leads to the current one, and the leader is offered to send the new links', async ({
    page,
    request,
  }) => {
    const dueIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const group = await api(request, 'put', '/agent/payment-link-groups', {
      organisation: ORG_A,
      lead_name: 'Lena Leader',
      lead_email: `lena-${Date.now()}@example.com`,
      booking_reference: `GRP-W-${Date.now().toString(36)}`,
      members: [{ customer_name: 'Ada Member', email: `ada-${Date.now()}@example.com`, amount: 30000 }],
      installments: [
        { amount: 10000, due_at: dueIn(20) },
        { amount: 20000, due_at: dueIn(50) },
      ],
    });
    type Link = { id: string; installment_sequence: number };
    const links = (group.members[0].payment_links as Link[]).sort(
      (a, b) => a.installment_sequence - b.installment_sequence,
    );
    const second = links[1]!.id;
    // A member's page shows the instalment's own due date, not the group's deadline.
    await page.goto(`${sandboxUrl}/${second}`);
    const dueText = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(
      new Date(`${dueIn(50)}T00:00:00Z`),
    );
    await expect(page.getByTestId('checkout-due')).toHaveText(dueText);
    await expect(page.getByTestId('checkout-expires')).toHaveCount(0);

    // The leader moves the second instalment: its link is replaced.
    await page.goto(group.portal_url);
    await page.getByTestId('schedule-due-2').fill(dueIn(60));
    await page.getByTestId('save-schedule').click();
    await expect(page.getByTestId('portal-result')).toHaveAttribute('data-result', 'schedule_saved');
    await expect(page.getByTestId('send-new-links')).toContainText('1 member has new payment links');
    await expectNoAxeViolations(page, 'portal: new links notice');
    await page.getByTestId('send-new-links-button').click();
    await expect(page.getByTestId('portal-result')).toHaveAttribute('data-result', 'links_sent');

    const now = await api(request, 'get', `/agent/payment-link-groups/${group.id}`);
    const current = (now.members[0].payment_links as Link[]).find((l) => l.installment_sequence === 2)!.id;
    expect(current).not.toBe(second);
    await page.goto(`${sandboxUrl}/${second}`);
    await expect(page).toHaveURL(`${sandboxUrl}/${current}`);
    await expect(page.getByTestId('member-share')).toBeVisible();
  });
});
