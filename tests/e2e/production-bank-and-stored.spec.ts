import { test } from './support/test';
import {
  adyen,
  api,
  expect,
  productionJourneys,
  createLinkOn,
  linkTransactions,
  onlyTransaction,
  organisation,
  paymentCallsFor,
  payWithCard,
} from './support/production-checkout';

/*
 * Pay by Bank and stored cards in production mode, against the suite's Adyen simulator: its bank page
 * (pass / abandon), and a card saved with a first payment then charged by the runner without the customer.
 */
productionJourneys();

test('Pay by Bank approved: the bank page, back with only redirectResult, the success page', async ({
  page,
  request,
}) => {
  const linkId = await createLinkOn(request, { card_enabled: false, open_banking_enabled: true });
  await page.goto(`/${linkId}`);
  await page.getByTestId('bank-form').getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`^${await adyen.origin()}/bank/`));
  await page.getByRole('link', { name: 'pass' }).click();
  await expect(page.getByTestId('result-success')).toBeVisible();
  const transaction = await onlyTransaction(request, linkId);
  expect(transaction).toMatchObject({ status: 'COMPLETE', type: 'OPEN_BANKING' });
  const [sent] = await paymentCallsFor(transaction.id);
  expect(sent!.body).toMatchObject({ paymentMethod: { type: 'paybybank' }, amount: { value: 10000, currency: 'GBP' } });
});

test('Pay by Bank abandoned: the link waits for the bank, and is payable again once Adyen closes the offer', async ({
  page,
  request,
}) => {
  const linkId = await createLinkOn(request, { card_enabled: false, open_banking_enabled: true });
  await page.goto(`/${linkId}`);
  await page.getByTestId('bank-form').getByRole('button').click();
  await page.getByRole('link', { name: 'abandon' }).click();
  await page.goto(`/${linkId}`);
  await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', 'away');
  const waiting = await onlyTransaction(request, linkId);
  expect(await adyen.deliver({ eventCode: 'OFFER_CLOSED', merchantReference: waiting.id })).toEqual([200]);
  await expect.poll(async () => (await onlyTransaction(request, linkId)).status).toBe('ABANDONED');
  await page.reload();
  await expect(page.getByTestId('checkout')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('bank-form')).toBeVisible();
});

test('a card saved with the first payment is charged by the runner for a scheduled payment (ContAuth)', async ({
  page,
  request,
}) => {
  const reference = `PRD-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const booking = await api(request, 'PUT', '/agent/bookings', {
    organisation,
    booking_reference: reference,
    customer_name: 'Ada Lovelace',
    email: 'ada@example.com',
  });
  const linkId = await createLinkOn(request, { booking_id: booking.id, store_card_forced: true, amount: 5000 });
  await payWithCard(page, linkId, '5555555555554444');
  await expect(page.getByTestId('result-success')).toBeVisible();
  const first = await onlyTransaction(request, linkId);
  const [firstCall] = await paymentCallsFor(first.id);
  // A booking's card, charged when the merchant chooses (lib/payments/README.md, "Stored cards and recurringProcessingModel").
  expect(firstCall!.body).toMatchObject({
    storePaymentMethod: true,
    shopperReference: `tp-${first.id}`,
    recurringProcessingModel: 'UnscheduledCardOnFile',
  });

  const cards: { id: string; bin: string }[] = await api(
    request,
    'GET',
    `/payment/booking/${booking.id}/available-tokens`,
  );
  expect(cards).toHaveLength(1);
  // Due in a few seconds: queued, then charged by the production server's in-process runner (every 5 s), not inline.
  await api(request, 'POST', `/payment/booking/${booking.id}/payment`, {
    token: cards[0]!.id,
    amount: 4200,
    date: new Date(Date.now() + 3_000).toISOString(),
  });
  await expect
    .poll(
      async () => {
        const listed = await api(request, 'POST', '/payment/scheduled-payment', {
          organisation,
          keyword: reference,
          total_filter: 'COMPLETE',
        });
        return (Array.isArray(listed) ? listed : listed.items).length;
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  const charges = (await adyen.requests()).filter(
    (r) =>
      r.path === '/payments' &&
      r.body.shopperReference === `tp-${first.id}` &&
      r.body.shopperInteraction === 'ContAuth',
  );
  expect(charges).toHaveLength(1);
  expect(charges[0]!.status).toBe(200);
  expect(charges[0]!.body).toMatchObject({
    // A charge on a date fixed in advance: Subscription; returnUrl, which v71 requires even with no customer there.
    amount: { value: 4200, currency: 'GBP' },
    recurringProcessingModel: 'Subscription',
    paymentMethod: { type: 'scheme' },
    returnUrl: expect.stringMatching(/^http/),
  });
  expect((await linkTransactions(request, linkId)).map((t) => t.status)).toEqual(['COMPLETE']);
});
