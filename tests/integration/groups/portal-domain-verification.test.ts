import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostScope } from '@/lib/core/groups/portal-host';
import { getDb } from '@/lib/db/client';
import proxy from '@/proxy';
import { api } from '../support/api-client';
import { startDnsServer, type DnsServer } from '../support/dns-server';
import { createTenant, type Tenant } from '../support/fixtures';
import { createLinkVia } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { errorCode } from './group-support';

withTestDatabase();

/*
 * Portal domain ownership (issue 16 item 3, docs/groups.md "Portal domains"): a domain asked for
 * is pending and serves nothing until the DNS TXT check passes, asked of a DNS server of the
 * test's own through the service's real resolver; IP literals and the service's own host name are
 * refused; the sandbox's stand-in passes the check only in the sandbox.
 */

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
  process.env.PORTAL_DOMAIN_DNS_SERVERS = dns.address;
});
afterAll(async () => {
  delete process.env.PORTAL_DOMAIN_DNS_SERVERS;
  await dns?.close();
});

const base = process.env.PUBLIC_BASE_URL ?? 'http://localhost:3000';
const settings = (tenant: Tenant, body: Record<string, unknown>) =>
  api.post(`/agent/organisations/${tenant.parentId}/settings`, body, { token: tenant.admin.token });
const verify = (tenant: Tenant) =>
  api.post(`/agent/organisations/${tenant.parentId}/settings/portal-domain/verify`, {}, { token: tenant.admin.token });
/** Whether proxy.ts answers a page of `host` with the 404 document. */
async function servesNothing(host: string, path: string): Promise<boolean> {
  const response = await proxy(new NextRequest(new URL(path, base), { headers: { host } }));
  const rewrite = response.headers.get('x-middleware-rewrite');
  return rewrite !== null && new URL(rewrite).pathname.endsWith('/not-found/404');
}

describe('portal domain ownership', () => {
  it('is pending and serves nothing until the TXT record is in DNS; then it is active and serves the portal', async () => {
    const a = await createTenant('DnsA');
    const b = await createTenant('DnsB');
    const link = await createLinkVia(a.admin.token, a.parentId);
    const asked = (await settings(a, { portal_domain: 'Pay.Dns-A.example' })).body.data;
    expect(asked).toMatchObject({
      portal_domain: 'pay.dns-a.example',
      portal_domain_status: 'pending',
      portal_domain_active: null,
    });
    const record = asked.portal_domain_verification;
    expect(record).toMatchObject({ record_type: 'TXT', record_name: '_travel-pay-verification.pay.dns-a.example' });
    expect(record.record_value).toMatch(/^travel-pay-verification=[\w-]{43}$/);
    // Nothing is served on it, not even as the main host; links keep the main host.
    expect(await servesNothing('pay.dns-a.example', `/en-GB/${link}`)).toBe(true);
    expect(await hostScope(await getDb(), 'pay.dns-a.example')).toEqual({ kind: 'main' });
    expect((await api.get(`/agent/payment-links/${link}`, { token: a.admin.token })).body.data.url).toBe(
      `${base.replace(/\/$/, '')}/${link}`,
    );

    // Another organisation may ask for it too (a claim reserves nothing); its record differs.
    const rival = (await settings(b, { portal_domain: 'pay.dns-a.example' })).body.data;
    expect(rival.portal_domain_verification.record_value).not.toBe(record.record_value);

    // No record (NXDOMAIN), then the rival's record only: still pending.
    expect(errorCode(await verify(a))).toEqual([409, 'organisation.portal_domain_unverified']);
    dns.zone.set(record.record_name, [[rival.portal_domain_verification.record_value], ['v=spf1 -all']]);
    expect(errorCode(await verify(a))).toEqual([409, 'organisation.portal_domain_unverified']);
    expect(dns.questions).toContain(record.record_name);
    expect((await settings(a, {})).body.data.portal_domain_status).toBe('pending');

    // The right record, published in two pieces as a long TXT record may be: active, and served.
    const [prefix, token] = record.record_value.split('=');
    dns.zone.set(record.record_name, [[`${prefix}=`, token], ['v=spf1 -all']]);
    const verified = await verify(a);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      portal_domain: 'pay.dns-a.example',
      portal_domain_status: 'active',
      portal_domain_active: 'pay.dns-a.example',
      portal_domain_verification: null,
    });
    expect(await servesNothing('pay.dns-a.example', `/en-GB/${link}`)).toBe(false);
    expect(await hostScope(await getDb(), 'pay.dns-a.example')).toMatchObject({
      kind: 'portal',
      organisationId: a.parentId,
    });

    // The rival, with its own record published, is too late: the name is proven by another.
    dns.zone.set(record.record_name, [[rival.portal_domain_verification.record_value]]);
    expect(errorCode(await verify(b))).toEqual([409, 'organisation.portal_domain_taken']);
    expect(errorCode(await settings(b, { portal_domain: 'pay.dns-a.example' }))).toEqual([
      409,
      'organisation.portal_domain_taken',
    ]);
    // Nothing pending: nothing to verify.
    expect(errorCode(await verify(a))).toEqual([409, 'organisation.portal_domain_not_pending']);
  });

  it('a new domain waits for its check while the active one serves; null clears both', async () => {
    const a = await createTenant('SwitchA');
    const link = await createLinkVia(a.admin.token, a.parentId);
    await settings(a, { portal_domain: 'old.switch-a.localhost' });
    expect(
      (await api.post(`/sandbox/organisations/${a.parentId}/portal-domain/verify`, {}, { token: a.admin.token }))
        .status,
    ).toBe(200);
    const switching = (await settings(a, { portal_domain: 'new.switch-a.localhost' })).body.data;
    expect(switching).toMatchObject({
      portal_domain: 'new.switch-a.localhost',
      portal_domain_status: 'pending',
      portal_domain_active: 'old.switch-a.localhost',
    });
    expect(await servesNothing('old.switch-a.localhost', `/${link}`)).toBe(false);
    expect(await servesNothing('new.switch-a.localhost', `/${link}`)).toBe(true);
    // Asking for the active one again cancels the switch.
    expect((await settings(a, { portal_domain: 'old.switch-a.localhost' })).body.data).toMatchObject({
      portal_domain_status: 'active',
      portal_domain_verification: null,
    });
    await settings(a, { portal_domain: 'new.switch-a.localhost' });
    expect((await settings(a, { portal_domain: null })).body.data).toMatchObject({
      portal_domain: null,
      portal_domain_status: null,
      portal_domain_active: null,
    });
    expect(await servesNothing('old.switch-a.localhost', `/${link}`)).toBe(false);
    expect(await servesNothing('new.switch-a.localhost', `/${link}`)).toBe(false);
  });

  it("refuses IP literals and the service's own host name; the sandbox stand-in does not exist in production", async () => {
    const a = await createTenant('RefuseA');
    for (const name of ['10.0.0.10', '[::1]', '::ffff:10.0.0.10', '[fe80::1]', '1.2.3', '0x7f.1', '192.168.1.1.']) {
      const refused = await settings(a, { portal_domain: name });
      expect(refused.status, name).toBe(422);
      expect(JSON.stringify(refused.body.errors), name).toContain('not an IP address');
    }
    vi.stubEnv('PUBLIC_BASE_URL', 'https://pay.travel-pay.example');
    vi.stubEnv('MODE', 'production');
    try {
      expect(JSON.stringify((await settings(a, { portal_domain: 'PAY.travel-pay.example' })).body.errors)).toContain(
        'own host name',
      );
      for (const name of ['trips.localhost', 'a.b.localhost'])
        expect(JSON.stringify((await settings(a, { portal_domain: name })).body.errors), name).toContain(
          'localhost in production',
        );
      expect((await settings(a, { portal_domain: 'pay.refuse-a.example' })).body.data.portal_domain_status).toBe(
        'pending',
      );
      expect(
        errorCode(
          await api.post(`/sandbox/organisations/${a.parentId}/portal-domain/verify`, {}, { token: a.admin.token }),
        ),
      ).toEqual([404, 'route.not_found']);
    } finally {
      vi.unstubAllEnvs();
    }
    expect((await settings(a, {})).body.data.portal_domain_status).toBe('pending');
  });
});
