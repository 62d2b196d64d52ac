import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { cardChecked, fillCard, sandboxUrl } from './checkout-fixtures';
import { apiToken } from './journey-fixtures';

/*
 * Groups for the member checkout journeys, made through the public API
 * (PUT /api/agent/payment-link-groups) with the sandbox's full-access key.
 */
export type GroupMemberLinks = {
  id: string;
  payment_links: { id: string; amount: number; installment_sequence: number | null; due_at: string | null }[];
};

async function call(request: APIRequestContext, method: 'put' | 'get', url: string, data?: unknown) {
  const response = await request[method](`${sandboxUrl}/api${url}`, {
    headers: { Authorization: `Bearer ${await apiToken(request)}` },
    data,
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()).data;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A group whose one member (Ada) owes the schedule's sum: instalments due 10, 20, 30... days from now. */
export async function createMemberGroup(
  request: APIRequestContext,
  instalments: number[],
): Promise<{ groupId: string; links: string[] }> {
  const group = await call(request, 'put', '/agent/payment-link-groups', {
    organisation: 'org_sandbox_travel',
    lead_name: 'Grace Hopper',
    lead_email: 'grace@example.com',
    name: 'Lisbon trip',
    booking_reference: `GRP-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`,
    members: [
      { customer_name: 'Ada Lovelace', email: 'ada@example.com', amount: instalments.reduce((a, b) => a + b, 0) },
    ],
    installments: instalments.map((amount, i) => ({ amount, due_at: inDays(10 * (i + 1)) })),
  });
  const [member] = group.members as GroupMemberLinks[];
  const links = [...member!.payment_links]
    .sort((a, b) => (a.installment_sequence ?? 0) - (b.installment_sequence ?? 0))
    .map((l) => l.id);
  return { groupId: group.id, links };
}

export async function getGroup(request: APIRequestContext, groupId: string) {
  return call(request, 'get', `/agent/payment-link-groups/${groupId}`);
}

/** The member pays the instalment of `linkId` with the Visa test card, opting in to collect the `remaining` others. */
export async function payOptingIn(page: Page, linkId: string, remaining: number) {
  await page.goto(`/${linkId}`);
  await fillCard(page, '4111 1111 1111 1111');
  await cardChecked(page);
  await page.getByLabel(new RegExp(`collect my ${remaining} remaining instalments automatically`)).check();
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(`${sandboxUrl}/${linkId}/success`);
}
