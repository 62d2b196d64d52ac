import { expect, type APIRequestContext } from '@playwright/test';
import { sandboxUrl } from './checkout-fixtures';
import { apiToken } from './journey-fixtures';

/*
 * Groups and portal domains for group-portal.spec.ts, through the public API
 * (the groups operations and the organisation settings extension). The sandbox's
 * two organisations get a custom portal domain each: `*.localhost` names, which
 * Chromium resolves to this machine.
 */
export const ORG_A = 'org_sandbox_travel';
export const ORG_B = 'org_sandbox_travel_north';
const port = new URL(sandboxUrl).port;
export const DOMAIN_A = 'travel-a.localhost';
export const DOMAIN_B = 'travel-b.localhost';
export const originA = `http://${DOMAIN_A}:${port}`;
export const originB = `http://${DOMAIN_B}:${port}`;

/**
 * A GET from Node (Playwright's request context), which cannot resolve `*.localhost` as
 * Chromium does: sent to the server's own address with the portal domain as its Host.
 */
export const getOnHost = (
  request: APIRequestContext,
  domain: string,
  path: string,
  headers: Record<string, string> = {},
) => request.get(`${sandboxUrl}${path}`, { headers: { Host: `${domain}:${port}`, ...headers }, maxRedirects: 0 });

export async function api(request: APIRequestContext, method: 'put' | 'post' | 'get', path: string, data?: unknown) {
  const response = await request[method](`${sandboxUrl}/api${path}`, {
    headers: { Authorization: `Bearer ${await apiToken(request)}` },
    data,
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()).data;
}

/**
 * Sets an organisation's portal domain and passes its ownership check with the sandbox's stand-in
 * for the DNS lookup (a new domain serves nothing until verified). `api` is the caller's API helper
 * (each server of the suite has its own). Idempotent: an active domain asked for again stays active.
 */
export async function setVerifiedPortalDomain(
  call: typeof api,
  request: APIRequestContext,
  organisation: string,
  domain: string,
) {
  const settings = await call(request, 'post', `/agent/organisations/${organisation}/settings`, {
    portal_domain: domain,
  });
  if (settings.portal_domain_status !== 'pending') return;
  // Workers share the organisations: another may verify the same domain between the two calls (a 409 here).
  await call(request, 'post', `/sandbox/organisations/${organisation}/portal-domain/verify`).catch(async (error) => {
    const now = await call(request, 'get', `/agent/organisations/${organisation}/settings`);
    if (now.portal_domain !== domain || now.portal_domain_status !== 'active') throw error;
  });
}

/** Both organisations' portal domains (idempotent: every test sets the same values). */
export async function setPortalDomains(request: APIRequestContext) {
  await setVerifiedPortalDomain(api, request, ORG_A, DOMAIN_A);
  await setVerifiedPortalDomain(api, request, ORG_B, DOMAIN_B);
}

let sequence = 0;
/** A unique address per call, so a test finds its own emails in the sandbox mailbox. */
export const uniqueEmail = (name: string) =>
  `${name.toLowerCase()}.${Date.now().toString(36)}${(sequence += 1)}@portal-e2e.example.com`;

const day = 24 * 60 * 60 * 1000;
/** A date far enough ahead that another spec's test clock never passes it. */
export const daysAhead = (days: number) => new Date(Date.now() + days * day).toISOString().slice(0, 10);

export type CreatedGroup = {
  id: string;
  portal_url: string;
  members: { id: string; customer_name: string; email: string | null }[];
};

/** A group of two members owing 300.00 each in two instalments (150.00 + 150.00). */
export async function createGroup(
  request: APIRequestContext,
  fields: Record<string, unknown> = {},
): Promise<CreatedGroup> {
  return api(request, 'put', '/agent/payment-link-groups', {
    organisation: ORG_A,
    lead_name: 'Lena Leader',
    lead_email: uniqueEmail('lena'),
    name: 'Lisbon choir trip',
    booking_reference: `GRP-${Date.now().toString(36)}-${(sequence += 1)}`,
    members: [
      { customer_name: 'Ada Member', email: uniqueEmail('ada'), amount: 30000 },
      { customer_name: 'Bo Member', email: uniqueEmail('bo'), amount: 30000 },
    ],
    installments: [
      { amount: 15000, due_at: daysAhead(400) },
      { amount: 15000, due_at: daysAhead(430) },
    ],
    ...fields,
  });
}

export type GroupView = {
  members: { id: string; customer_name: string; email: string | null; amount: number; paid_amount: number }[];
  installments: { sequence: number; amount: number; due_at: string }[];
  members_locked: boolean;
  installments_locked: boolean;
};
export const getGroup = (request: APIRequestContext, id: string): Promise<GroupView> =>
  api(request, 'get', `/agent/payment-link-groups/${id}`);
