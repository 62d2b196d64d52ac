import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { hostScope, portalDomainServes } from '@/lib/core/groups/portal-host';
import { getDb } from '@/lib/db/client';
import { PORTAL_ORGANISATION_HEADER } from '@/lib/http/portal-paths';
import proxy from '@/proxy';
import { api } from '../support/api-client';
import { createTenant, type Tenant } from '../support/fixtures';
import { createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * The host rule of custom portal domains (product.md section 9), through the real
 * proxy.ts: a portal domain serves only its organisation's portal, payment link
 * and receipt pages and their files; anything else there is the 404 document.
 */

/** Sets the domain and passes its ownership check with the sandbox's stand-in (a new domain serves nothing before). */
async function setPortalDomain(tenant: Tenant, organisation: string, domain: string | null) {
  const set = await api.post(
    `/agent/organisations/${organisation}/settings`,
    { portal_domain: domain },
    { token: tenant.admin.token },
  );
  expect(set.status).toBe(200);
  if (set.body.data.portal_domain_status !== 'pending') return;
  expect(
    (await api.post(`/sandbox/organisations/${organisation}/portal-domain/verify`, {}, { token: tenant.admin.token }))
      .status,
  ).toBe(200);
}

const base = process.env.PUBLIC_BASE_URL ?? 'http://localhost:3000';

/** Runs proxy.ts on a request to `path` with the given Host (and any other headers). */
async function through(path: string, host: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await proxy(new NextRequest(new URL(path, base), { method, headers: { host, ...headers } }));
  const rewrite = response.headers.get('x-middleware-rewrite');
  return {
    status: response.status,
    notFound: rewrite !== null && new URL(rewrite).pathname.endsWith('/not-found/404'),
    location: response.headers.get('location'),
    /**
     * The organisation header proxy.ts passed on to the page. Next.js replaces the request's headers
     * with exactly those listed in x-middleware-override-headers, so one not listed never arrives.
     */
    organisation: response.headers.get('x-middleware-override-headers')?.split(',').includes(PORTAL_ORGANISATION_HEADER)
      ? response.headers.get(`x-middleware-request-${PORTAL_ORGANISATION_HEADER}`)
      : response.headers.has('x-middleware-override-headers')
        ? null
        : 'headers passed unchanged',
  };
}

async function paidLink(tenant: Tenant, organisation: string) {
  const link = await createLinkVia(tenant.admin.token, organisation);
  const outcome = await pay(link);
  if (outcome.outcome !== 'paid') throw new Error(JSON.stringify(outcome));
  return { link, transaction: outcome.transactionId };
}

describe('custom portal domains', () => {
  it("serve only their organisation's payment link pages, receipts and files; other hosts are the main host", async () => {
    const a = await createTenant('HostA');
    const b = await createTenant('HostB');
    await setPortalDomain(a, a.parentId, 'pay.host-a.localhost');
    const own = await paidLink(a, a.parentId);
    const other = await paidLink(b, b.parentId);
    const host = 'Pay.Host-A.localhost:3000';

    for (const path of [
      `/en-GB/${own.link}`,
      `/fr/${own.link}/success`,
      `/${own.link}/cancel`,
      `/de/receipts/${own.transaction}`,
      '/brand/0b5cad.css',
      '/favicon.ico',
    ]) {
      const result = await through(path, host);
      expect(result.notFound, path).toBe(false);
      expect(result.status, path).toBeLessThan(400);
    }
    expect((await through(`/${own.link}`, host)).organisation).toBe(a.parentId);
    // Another organisation's link or payment, the API, the sandbox, the home page, an unknown id: the 404 document.
    for (const path of [
      `/en-GB/${other.link}`,
      `/receipts/${other.transaction}`,
      '/api/enums',
      '/en-GB/sandbox/mailbox',
      '/',
      '/en-GB',
      '/en-GB/docs/errors',
      '/en-GB/00000000-0000-4000-8000-000000000000',
      '/embed-example.html',
      '/en-GB/status',
      // The back office is the main host's only (product.md section 11).
      '/dashboard',
      '/en-GB/dashboard/sign-in',
      '/fr/dashboard/users',
    ]) {
      expect((await through(path, host)).notFound, path).toBe(true);
    }
    for (const path of ['/en-GB/dashboard', '/en-GB/dashboard/sign-in']) {
      expect((await through(path, 'localhost:3000')).notFound, path).toBe(false);
    }
    // On the main host (or any host that is no portal domain), everything as before.
    for (const h of ['localhost:3000', 'elsewhere.localhost', '127.0.0.1:3000']) {
      const result = await through(`/${other.link}`, h);
      expect(result.notFound, h).toBe(false);
      expect(result.organisation, h).toBeNull();
    }
  });

  it('a spoofed X-Forwarded-Host or organisation header changes nothing; a changed setting holds from the next request', async () => {
    const a = await createTenant('SpoofA');
    const b = await createTenant('SpoofB');
    await setPortalDomain(a, a.parentId, 'pay.spoof-a.localhost');
    const own = await paidLink(a, a.parentId);
    const other = await paidLink(b, b.parentId);
    // The portal domain in X-Forwarded-Host does not make the main host a portal, nor the reverse.
    const viaMain = await through(`/fr/${other.link}`, 'localhost:3000', {
      'x-forwarded-host': 'pay.spoof-a.localhost',
    });
    expect(viaMain.notFound).toBe(false);
    expect(viaMain.organisation).toBeNull();
    expect(
      (await through(`/en-GB/${other.link}`, 'pay.spoof-a.localhost', { 'x-forwarded-host': 'localhost:3000' }))
        .notFound,
    ).toBe(true);
    // A client's own organisation header never reaches a page: removed on the main host, replaced on a portal domain.
    const forged = await through(`/fr/${other.link}`, 'localhost:3000', { [PORTAL_ORGANISATION_HEADER]: b.parentId });
    expect(forged.organisation).toBeNull();
    const forgedApi = await through('/api/enums', 'localhost:3000', { [PORTAL_ORGANISATION_HEADER]: b.parentId });
    expect(forgedApi.organisation).toBeNull();
    expect(
      (await through(`/fr/${own.link}`, 'pay.spoof-a.localhost', { [PORTAL_ORGANISATION_HEADER]: b.parentId }))
        .organisation,
    ).toBe(a.parentId);

    await setPortalDomain(a, a.parentId, null);
    expect((await through(`/en-GB/${other.link}`, 'pay.spoof-a.localhost')).notFound).toBe(false);
    expect(await hostScope(await getDb(), 'pay.spoof-a.localhost')).toEqual({ kind: 'main' });
  });

  it("a server action on a portal domain must come from that domain's origin", async () => {
    const a = await createTenant('OriginA');
    await setPortalDomain(a, a.parentId, 'pay.origin-a.localhost');
    const { link } = await paidLink(a, a.parentId);
    const port = new URL(base).port;
    const portalOrigin = `http://pay.origin-a.localhost${port ? `:${port}` : ''}`;
    const post = (origin: string, host: string) =>
      through(`/en-GB/${link}`, host, { origin, 'next-action': 'abc' }, 'POST');
    expect((await post(portalOrigin, 'pay.origin-a.localhost')).status).not.toBe(403);
    expect((await post(new URL(base).origin, 'pay.origin-a.localhost')).status).toBe(403);
    expect((await post(portalOrigin, new URL(base).host)).status).toBe(403);
    expect((await post(new URL(base).origin, new URL(base).host)).status).not.toBe(403);
  });

  it('in sandbox mode an action from a loopback alias of PUBLIC_BASE_URL passes the proxy; in production it is refused', async () => {
    // Issue 16 item 16: a browser on 127.0.0.1 against the default localhost PUBLIC_BASE_URL got 403 on every form.
    const a = await createTenant('Loopback');
    const link = await createLinkVia(a.admin.token, a.parentId);
    const { hostname, port } = new URL(base);
    expect(hostname).toBe('localhost');
    const at = (host: string) => `${host}${port ? `:${port}` : ''}`;
    const post = (origin: string) =>
      through(`/en-GB/${link}`, at('127.0.0.1'), { origin, 'next-action': 'abc' }, 'POST');
    expect((await post(`http://${at('127.0.0.1')}`)).status).not.toBe(403);
    expect((await post(`http://${at('[::1]')}`)).status).not.toBe(403);
    expect((await post(`http://127.0.0.1:${Number(port || 80) + 1}`)).status).toBe(403);
    vi.stubEnv('MODE', 'production');
    try {
      expect((await post(`http://${at('127.0.0.1')}`)).status).toBe(403);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('ownership is checked per kind: ecommerce sessions are never served on a portal domain', async () => {
    const a = await createTenant('KindA');
    await setPortalDomain(a, a.parentId, 'pay.kind-a.localhost');
    const session = await api.put(
      '/agent/ecommerce',
      { organisation: a.parentId, customer_name: 'Ada', email: 'ada@example.com', amount: 1000 },
      { token: a.admin.token },
    );
    const db = await getDb();
    expect(await portalDomainServes(db, a.parentId, `/${session.body.data.id}`)).toBe(false);
    expect(await portalDomainServes(db, a.parentId, `/embed/${session.body.data.id}`)).toBe(false);
    // A child organisation's link is not the parent's: each portal domain is one organisation's.
    const childLink = await createLinkVia(a.admin.token, a.childId);
    expect(await portalDomainServes(db, a.parentId, `/${childLink}`)).toBe(false);
  });

  it("the payment link's url is on the organisation's portal domain when it has one", async () => {
    const a = await createTenant('UrlA');
    const link = await createLinkVia(a.admin.token, a.parentId);
    const read = async () => (await api.get(`/agent/payment-links/${link}`, { token: a.admin.token })).body.data.url;
    expect(await read()).toBe(`${base.replace(/\/$/, '')}/${link}`);
    await setPortalDomain(a, a.parentId, 'pay.url-a.localhost');
    const expected = new URL(base);
    expected.hostname = 'pay.url-a.localhost';
    expect(await read()).toBe(`${expected.origin}/${link}`);
  });
});
