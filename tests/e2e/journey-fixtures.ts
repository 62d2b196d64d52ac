import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { fillCard, sandboxUrl } from './checkout-fixtures';
import { requiredEnv } from './e2e-env';

/*
 * Set-up for the journeys of checkout-journeys.spec.ts through the public API
 * (never by writing rows): bookings, saved cards, scheduled payments and
 * approval links. Approvals use the sandbox's child organisation, whose
 * approval setting these tests turn on, so no other spec's payments change.
 */
export const CHILD_ORG = 'org_sandbox_travel_north';

export async function apiToken(request: APIRequestContext): Promise<string> {
  const file = path.join(requiredEnv('E2E_SANDBOX_DATA_DIR'), 'sandbox-credentials.json');
  const [key] = JSON.parse(fs.readFileSync(file, 'utf8')).keys;
  const response = await request.post(`${sandboxUrl}/api/token`, {
    data: { public_key: key.public_key, private_key: key.private_key },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.token;
}

async function call(request: APIRequestContext, method: 'put' | 'post' | 'get', url: string, data?: unknown) {
  const response = await request[method](`${sandboxUrl}/api${url}`, {
    headers: { Authorization: `Bearer ${await apiToken(request)}` },
    data,
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()).data;
}

/**
 * A booking of the child organisation with a Visa saved on it (paid through the
 * checkout with store_card_forced, as a customer would), two scheduled payments
 * awaiting approval, and the emailed approval link's path.
 */
export async function approvalLink(
  page: Page,
  request: APIRequestContext,
): Promise<{ path: string; reference: string; bookingId: string; cardToken: string }> {
  await call(request, 'post', `/agent/organisations/${CHILD_ORG}/settings`, { approval_links_enabled: true });
  const reference = `APR-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const booking = await call(request, 'put', '/agent/bookings', {
    organisation: CHILD_ORG,
    booking_reference: reference,
    customer_name: 'Ada Lovelace',
    email: 'ada@example.com',
  });
  const link = await call(request, 'put', '/agent/payment-links', {
    organisation: CHILD_ORG,
    booking_id: booking.id,
    customer_name: 'Ada Lovelace',
    email: 'ada@example.com',
    amount: 5000,
    store_card_forced: true,
  });
  await page.goto(`/${link.id}`);
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(`${sandboxUrl}/${link.id}/success`);
  const [card] = await call(request, 'get', `/payment/booking/${booking.id}/available-tokens`);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  await call(request, 'post', `/payment/booking/${booking.id}/payment`, {
    token: card.id,
    amount: 4200,
    date: inDays(3),
  });
  await call(request, 'post', `/payment/booking/${booking.id}/payment`, {
    token: card.id,
    amount: 2500,
    date: inDays(30),
  });
  const { url } = await call(request, 'post', `/agent/bookings/${booking.id}/approval-link`, {});
  return { path: new URL(url).pathname, reference, bookingId: booking.id, cardToken: card.id };
}

/** Schedules one more payment of the saved card on the booking (dated, so it awaits approval). */
export async function scheduleBookingPayment(
  request: APIRequestContext,
  bookingId: string,
  cardToken: string,
  amount: number,
  days: number,
) {
  await call(request, 'post', `/payment/booking/${bookingId}/payment`, {
    token: cardToken,
    amount,
    date: new Date(Date.now() + days * 86_400_000).toISOString(),
  });
}

/** Emails a new approval link for the booking; answers its path. */
export async function sendApprovalLink(request: APIRequestContext, bookingId: string): Promise<string> {
  const { url } = await call(request, 'post', `/agent/bookings/${bookingId}/approval-link`, {});
  return new URL(url).pathname;
}

/** The transactions of a payment link, as the API lists them. */
export async function linkTransactions(
  request: APIRequestContext,
  id: string,
): Promise<{ id: string; status: string }[]> {
  return (await call(request, 'get', `/agent/payment-links/${id}`)).transactions;
}
