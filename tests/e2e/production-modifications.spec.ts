import { test, type APIRequestContext } from './support/test';
import {
  adyen,
  api,
  expect,
  productionJourneys,
  createLinkOn,
  modificationsOf,
  onlyTransaction,
  organisation,
  payWithCard,
  pspOf,
} from './support/production-checkout';

/*
 * What happens after a production card payment, through the API: a held payment captured or reversed,
 * a payment refunded. Adyen accepts each modification at once (201 "received") and tells its outcome
 * later in a notification (tests/support/adyen-simulator/modifications.ts): nothing is final before it.
 */
productionJourneys();

async function paidTransaction(
  page: import('@playwright/test').Page,
  request: APIRequestContext,
  options: { held?: boolean; holderName?: string } = {},
) {
  const linkId = await createLinkOn(request, options.held ? { authorisation_only: true } : {});
  await payWithCard(page, linkId, '5555555555554444', options.holderName);
  await expect(page.getByTestId('result-success')).toBeVisible();
  const transaction = await onlyTransaction(request, linkId);
  expect(transaction.status).toBe(options.held ? 'PENDING' : 'COMPLETE');
  return { linkId, transaction, psp: pspOf(transaction) };
}

async function refundById(request: APIRequestContext, id: string) {
  const listed = await api(request, 'POST', '/agent/refunds', { organisation, take: 25 });
  const refunds: { id: string; status: string; failure_reason: string | null; provider_reference: string | null }[] =
    Array.isArray(listed) ? listed : listed.items;
  return refunds.find((r) => r.id === id);
}

/** Requests a refund of `amount` and authorises it (one user may, by default): it is sent to Adyen then. */
async function refund(request: APIRequestContext, transactionId: string, amount: number) {
  const requested = await api(request, 'POST', `/agent/transactions/${transactionId}/refund`, { amount });
  expect(requested.status).toBe('PENDING_AUTHORISATION');
  await api(request, 'GET', `/agent/refunds/${requested.authorization_code}/authorise`);
  return requested.id as string;
}

test('a pre-authorisation is held, then captured through the API; Adyen confirms the capture by notification', async ({
  page,
  request,
}) => {
  const { linkId, transaction, psp } = await paidTransaction(page, request, { held: true });
  await api(request, 'GET', `/agent/transactions/${transaction.id}/complete`);
  expect(await modificationsOf(psp)).toEqual([['/captures', 201]]);
  const capture = (await adyen.requests()).find((r) => r.path === `/payments/${psp}/captures`)!;
  expect(capture.body.amount).toEqual({ value: 10000, currency: 'GBP' });
  // Adyen only received it: still held until its notification.
  expect((await onlyTransaction(request, linkId)).status).toBe('PENDING');
  expect(await adyen.deliver({ eventCode: 'CAPTURE', merchantReference: transaction.id })).toEqual([200]);
  await expect.poll(async () => (await onlyTransaction(request, linkId)).status).toBe('COMPLETE');
});

test('a pre-authorisation reversed through the API is REVERSED once Adyen confirms with CANCEL_OR_REFUND', async ({
  page,
  request,
}) => {
  const { linkId, transaction, psp } = await paidTransaction(page, request, { held: true });
  await api(request, 'GET', `/agent/transactions/${transaction.id}/reverse`);
  expect(await modificationsOf(psp)).toEqual([['/reversals', 201]]);
  expect((await onlyTransaction(request, linkId)).status).toBe('PENDING');
  expect(await adyen.deliver({ eventCode: 'CANCEL_OR_REFUND', merchantReference: transaction.id })).toEqual([200]);
  await expect.poll(async () => (await onlyTransaction(request, linkId)).status).toBe('REVERSED');
});

test('a refund is sent to Adyen and complete only once its REFUND notification arrives', async ({ page, request }) => {
  const { transaction, psp } = await paidTransaction(page, request);
  const id = await refund(request, transaction.id, 2500);
  expect(await modificationsOf(psp)).toEqual([['/refunds', 201]]);
  const sent = (await adyen.requests()).find((r) => r.path === `/payments/${psp}/refunds`)!;
  expect(sent.body.amount).toEqual({ value: 2500, currency: 'GBP' });
  // Sent, and Adyen only received it: AUTHORISED (never sent again) until its notification.
  expect((await refundById(request, id))?.status).toBe('AUTHORISED');
  expect(await adyen.deliver({ eventCode: 'REFUND', merchantReference: transaction.id })).toEqual([200]);
  await expect.poll(async () => (await refundById(request, id))?.status).toBe('COMPLETE');
});

test('Adyen accepts a refund and fails it later (REFUND_FAILED): the refund is FAILED and the amount refundable again', async ({
  page,
  request,
}) => {
  const { transaction } = await paidTransaction(page, request, { holderName: 'refund failed' });
  const id = await refund(request, transaction.id, 10000);
  expect(await adyen.deliver({ eventCode: 'REFUND', merchantReference: transaction.id })).toEqual([200]);
  expect(await adyen.deliver({ eventCode: 'REFUND_FAILED', merchantReference: transaction.id })).toEqual([200]);
  await expect.poll(async () => (await refundById(request, id))?.status).toBe('FAILED');
  expect((await refundById(request, id))?.failure_reason).toMatch(/refund_failed/);
  // Nothing was paid out: the whole amount can be refunded again.
  const again = await api(request, 'POST', `/agent/transactions/${transaction.id}/refund`, { amount: 10000 });
  expect(again.status).toBe('PENDING_AUTHORISATION');
});
