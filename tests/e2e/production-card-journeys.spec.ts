import { test } from './support/test';
import {
  adyen,
  expect,
  productionJourneys,
  api,
  createLinkOn,
  expectNoServerError,
  linkTransactions,
  onlyTransaction,
  organisation,
  paymentCallsFor,
  payWithCard,
  productionUrl,
} from './support/production-checkout';

/*
 * Card payments in production mode: the Adyen adapter against the suite's Adyen simulator
 * (playwright.config.ts), paid by a shopper without JavaScript (support/production-checkout.ts).
 * Each journey checks what the customer sees, what the API says and what Adyen was sent.
 */
productionJourneys();

test('a card payment reaches Adyen with its test values and lands on the success page', async ({ page, request }) => {
  const linkId = await createLinkOn(request);
  await payWithCard(page, linkId, '5555555555554444');
  await expect(page.getByTestId('result-success')).toBeVisible();
  const transaction = await onlyTransaction(request, linkId);
  expect(transaction.status).toBe('COMPLETE');
  const sent = await paymentCallsFor(transaction.id);
  expect(sent.map((r) => [r.path, r.status])).toEqual([['/payments', 200]]);
  expect(sent[0]!.body).toMatchObject({
    merchantAccount: 'TravelPayECOM',
    reference: transaction.id,
    amount: { value: 10000, currency: 'GBP' },
    paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_5555555555554444', encryptedSecurityCode: 'test_737' },
  });
  expect(sent[0]!.headers['idempotency-key']).toBeTruthy();
  // Adyen's AUTHORISATION arrives later and changes nothing (accepted, applied once).
  expect(await adyen.deliver({ merchantReference: transaction.id, repeat: 2 })).toEqual([200, 200]);
  expect((await onlyTransaction(request, linkId)).status).toBe('COMPLETE');
});

test('a card Adyen refuses lands on the failure page and the link can be paid again', async ({ page, request }) => {
  const linkId = await createLinkOn(request);
  await payWithCard(page, linkId, '5555555555554444', 'DECLINED');
  await expect(page.getByTestId('result-failure')).toContainText('Nothing has been charged.');
  expect((await onlyTransaction(request, linkId)).status).toBe('DECLINED');
  await page.getByTestId('try-again').click();
  await payWithCard(page, linkId, '5555555555554444');
  await expect(page.getByTestId('result-success')).toBeVisible();
  expect((await linkTransactions(request, linkId)).map((t) => t.status)).toEqual(['DECLINED', 'COMPLETE']);
});

test('3-D Secure passed: the issuer page, back with only redirectResult, the success page', async ({
  page,
  request,
}) => {
  const linkId = await createLinkOn(request);
  await payWithCard(page, linkId, '4917610000000000');
  await expect(page).toHaveURL(new RegExp(`^${await adyen.origin()}/threeds/`));
  await page.getByRole('link', { name: 'pass' }).click();
  await expect(page.getByTestId('result-success')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${productionUrl}/(en-GB/)?${linkId}/success$`));
  const transaction = await onlyTransaction(request, linkId);
  expect(transaction.status).toBe('COMPLETE');
  const sent = await paymentCallsFor(transaction.id);
  expect(sent.map((r) => [r.path, r.status])).toEqual([['/payments', 200]]);
  expect(sent[0]!.body).toMatchObject({
    authenticationData: { threeDSRequestData: { nativeThreeDS: 'disabled' } },
    redirectFromIssuerMethod: 'GET',
  });
  const details = (await adyen.requests()).filter(
    (r) =>
      r.path === '/payments/details' &&
      r.headers['idempotency-key']?.includes(String(transaction.provider_reference).replace(/:manual$/, '')),
  );
  expect(details.map((r) => [Object.keys(r.body.details as object), r.status])).toEqual([[['redirectResult'], 200]]);
});

test('3-D Secure failed: the failure page, nothing charged, and the link payable again', async ({ page, request }) => {
  const linkId = await createLinkOn(request);
  await payWithCard(page, linkId, '5454545454545454');
  await expect(page).toHaveURL(new RegExp(`^${await adyen.origin()}/threeds/`));
  await page.getByRole('link', { name: 'fail' }).click();
  await expect(page.getByTestId('result-failure')).toContainText('Nothing has been charged.');
  const failed = await onlyTransaction(request, linkId);
  expect(failed).toMatchObject({ status: 'DECLINED' });
  await page.getByTestId('try-again').click();
  await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', 'active');
  await payWithCard(page, linkId, '5555555555554444');
  await expect(page.getByTestId('result-success')).toBeVisible();
});

test('Adyen answers Received: the payment is being confirmed, a second payment is refused, AUTHORISATION settles it', async ({
  page,
  request,
  browser,
}) => {
  const linkId = await createLinkOn(request);
  // A second tab opened on the link before the first pays: its form is the "pay again" a customer could still press.
  const other = await browser.newPage({ baseURL: productionUrl, javaScriptEnabled: false });
  await other.goto(`/${linkId}`);
  await payWithCard(page, linkId, '5555555555554444', 'PENDING');
  await expect(page.getByTestId('confirming')).toContainText('Your payment is being confirmed');
  const received = await onlyTransaction(request, linkId);
  // In progress at Adyen (stage unsettled): the link shows it being confirmed and takes no second payment.
  expect(received.status).toBe('PAYMENTINPROGRESS');

  const form = other.locator('form[data-testid="card-form"]');
  for (const [name, value] of Object.entries({
    encryptedCardNumber: 'test_5555555555554444',
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
    holderName: 'Ada',
  })) {
    await form.locator(`input[name="${name}"]`).evaluate((input: HTMLInputElement, v) => {
      input.value = v;
    }, value);
  }
  await form.getByTestId('pay-button').click();
  await expect(other.getByTestId('confirming')).toBeVisible();
  expect(await linkTransactions(request, linkId)).toHaveLength(1);
  await other.close();

  expect(await adyen.deliver({ eventCode: 'AUTHORISATION', merchantReference: received.id })).toEqual([200]);
  await expect.poll(async () => (await onlyTransaction(request, linkId)).status).toBe('COMPLETE');
  await page.reload();
  await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', 'paid');
});

test('the card look-up fails at Adyen on a link with card rules: a clear form error, nothing charged, payable again', async ({
  page,
  request,
}) => {
  // A link whose rules need the card's facts (docs/checkout.md, "A card lookup that fails"); a plain link takes the card as unknown.
  const linkId = await createLinkOn(request, { excluded_card_types: ['AMEX'] });
  // Only this journey's card: the simulator serves the specs running beside it too.
  await adyen.failNext('/cardDetails', {
    status: 500,
    headers: { 'transient-error': 'true' },
    bodyIncludes: 'test_4988438843884305',
  });
  await payWithCard(page, linkId, '4988438843884305');
  await expect(page.getByTestId('error-summary')).toContainText(
    'We could not check this card just now, so nothing was charged. Please try again in a moment.',
  );
  await expect(page.getByTestId('card-form')).toBeVisible();
  await expectNoServerError(page);
  const [failed] = await linkTransactions(request, linkId);
  expect(failed).toMatchObject({ status: 'FAILED', failure_reason: 'card_lookup_failed' });
  expect(await paymentCallsFor(failed!.id)).toEqual([]);
  // Adyen answers again: the same card pays the same link.
  await payWithCard(page, linkId, '4988438843884305');
  await expect(page.getByTestId('result-success')).toBeVisible();
  expect((await linkTransactions(request, linkId)).map((t) => t.status)).toEqual(['FAILED', 'COMPLETE']);
});

test('no currency choice in production without a quote source: a Dutch card on a DCC link pays in pounds, nothing offered', async ({
  page,
  request,
}) => {
  await api(request, 'POST', `/agent/organisations/${organisation}/settings`, { dcc_enabled: true });
  const linkId = await createLinkOn(request, { dcc_enabled: true });
  await payWithCard(page, linkId, '4111111111111111');
  await expect(page.getByTestId('result-success')).toBeVisible();
  const transaction = await onlyTransaction(request, linkId);
  expect(transaction.dcc ?? null).toBeNull();
  const [sent] = await paymentCallsFor(transaction.id);
  expect(sent!.body.amount).toEqual({ value: 10000, currency: 'GBP' });
});
