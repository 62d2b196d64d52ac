import { test } from './support/test';
import { requiredEnv } from './e2e-env';
import { testCardFields } from './support/adyen-control';
import { expectNoAxeViolations } from './support/axe';
import { adyen, api, expect, organisation, productionJourneys } from './support/production-checkout';

/*
 * The back office in production mode (issue 18): a member of staff signs in with the link emailed to them through
 * real SMTP (scripts/e2e-smtp.ts: production has no sandbox mailbox and no one-click sign-in), then takes a phone
 * payment in the virtual terminal. The card goes to the Adyen simulator as Adyen's Card component would send it
 * (its encrypted fields, here Adyen's documented test values posted without JavaScript), as a Moto payment with no
 * 3-D Secure: the 3-D Secure test card authorises without a challenge. axe on the result in production too (the
 * sandbox's dashboard-terminal.spec.ts checks every state).
 */
productionJourneys();

const smtpControl = requiredEnv('E2E_SMTP_CONTROL_URL');
/** The user scripts/e2e-production-seed.ts made, with every role in the production organisation. */
const staffEmail = 'e2e@production.test';

type Email = { to: string[]; subject: string; text: string };

/** The newest sign-in link the SMTP server received for `to` after `since` emails had arrived. */
async function emailedSignInLink(to: string, since: number): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const emails = (await (await fetch(`${smtpControl}/emails?to=${encodeURIComponent(to)}`)).json()) as Email[];
      link = emails
        .slice(since)
        .map((email) => /https?:\/\/\S+\/dashboard\/sign-in\/link\?token=[\w-]+/.exec(email.text)?.[0])
        .findLast(Boolean);
      return link;
    })
    .toBeTruthy();
  return link!;
}

const emailCount = async (to: string) =>
  ((await (await fetch(`${smtpControl}/emails?to=${encodeURIComponent(to)}`)).json()) as Email[]).length;

test('staff sign in with the emailed link and take a phone payment: sent to Adyen as Moto, no 3-D Secure', async ({
  page,
  request,
}) => {
  const reference = `PHONE-${Date.now().toString(36)}`;
  await api(request, 'PUT', '/agent/bookings', {
    organisation,
    booking_reference: reference,
    customer_name: 'Ada Lovelace',
    email: 'caller@example.com',
  });

  // The sign-in link arrives by email, as it does for every production user.
  const before = await emailCount(staffEmail);
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email address').fill(staffEmail);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByTestId('sign-in-sent')).toBeVisible();
  await page.goto(await emailedSignInLink(staffEmail, before));
  await page.getByTestId('use-sign-in-link').click();
  await expect(page.getByTestId('signed-in-as')).toContainText('E2E');

  // The terminal: the booking by its reference, the amount, then the card.
  await page.goto('/dashboard/terminal');
  await page.getByLabel('Booking reference').fill(reference);
  await page.getByLabel('Amount', { exact: true }).fill('80');
  await page.getByTestId('terminal-continue').click();
  await expect(page).toHaveURL(/\/dashboard\/terminal\/[0-9a-f-]{36}$/);
  // Adyen's Card component cannot load here: its hidden fields get what it would post (support/production-checkout.ts).
  const form = page.getByTestId('terminal-card-form');
  for (const [name, value] of Object.entries({ ...testCardFields('4917610000000000'), holderName: 'Ada Lovelace' }))
    await form.locator(`input[type="hidden"][name="${name}"]`).evaluate((input: HTMLInputElement, v) => {
      input.value = v;
    }, value);
  await form.getByTestId('terminal-pay').click();
  await expect(page.getByTestId('terminal-result')).toHaveAttribute('data-outcome', 'authorised');
  await expect(page.getByTestId('terminal-result')).toContainText('£80.00 was authorised.');

  // What Adyen was sent: a Moto payment, with none of 3-D Secure's or the browser's data.
  const href = await page.getByTestId('terminal-transaction').getAttribute('href');
  const transactionId = /([0-9a-f-]{36})$/.exec(href ?? '')![1]!;
  const sent = (await adyen.requests()).filter((r) => r.path === '/payments' && r.body?.reference === transactionId);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body).toMatchObject({
    shopperInteraction: 'Moto',
    amount: { value: 8000, currency: 'GBP' },
    paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4917610000000000' },
  });
  for (const name of ['authenticationData', 'browserInfo', 'shopperIP', 'origin'])
    expect(sent[0]!.body).not.toHaveProperty(name);
  const transaction = await api(request, 'GET', `/agent/transactions/${transactionId}`);
  expect(transaction).toMatchObject({ status: 'COMPLETE', method: expect.stringMatching(/^MOTO_/) });

  // axe runs as a script: the order page again in a browser with JavaScript (said explicitly: a context a test opens
  // takes the file's options, here none) and the same session.
  const withScript = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() });
  const checked = await withScript.newPage();
  await checked.goto(page.url());
  await expectNoAxeViolations(checked, 'production terminal: authorised');
});
