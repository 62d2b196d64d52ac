import { describe, expect, it, vi } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { getDb } from '@/lib/db/client';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { auditTypesOf, signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * The Settings page's groups as a browser posts them (strings, checkboxes present or absent), saved through the
 * API's own schema and core: what the API refuses the page refuses; what the page saves the API answers.
 */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);

const actions = await import('@/app/[locale]/dashboard/(signed-in)/settings/actions');

withTestDatabase();
const SAVED = '/dashboard/settings?result=saved';
const INVALID = '/dashboard/settings?error=validation.failed';

async function signedIn(email: string) {
  const db = await getDb();
  dashboardRequest(await sealStaffSession(db, await signInByEmail(db, email)));
}

describe('organisation settings in the back office', () => {
  it('saves each group as the API stores it; the API answers the new values', async () => {
    const db = await getDb();
    const tenant = await createTenant('Settings');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    await signedIn(admin.email);
    const settings = async () =>
      (await api.get(`/agent/organisations/${tenant.parentId}/settings`, { token: tenant.admin.token })).body.data;

    expect(
      await endOf(
        actions.saveIdentityAction(
          formOf({ locale: 'en-GB', name: ' Sunny Tours ', logo_url: '', brand_colour: '#0B5CAD', country: 'ie' }),
        ),
      ),
    ).toBe(SAVED);
    expect(await settings()).toMatchObject({
      name: 'Sunny Tours',
      logo_url: null,
      brand_colour: '#0B5CAD',
      country: 'IE',
    });

    expect(
      await endOf(
        actions.saveLegalAction(
          formOf({
            locale: 'en-GB',
            legal_address: '1 High St\nDublin',
            company_number: '123',
            vat_number: '',
            atol_number: '',
          }),
        ),
      ),
    ).toBe(SAVED);
    expect(await settings()).toMatchObject({
      legal_address: '1 High St\nDublin',
      company_number: '123',
      vat_number: null,
    });

    expect(
      await endOf(
        actions.saveEmbedAction(
          formOf({ locale: 'en-GB', allowed_embed_origins: 'https://shop.example.com/path\nhttps://b.example.com' }),
        ),
      ),
    ).toBe(SAVED);
    expect((await settings()).allowed_embed_origins).toEqual(['https://shop.example.com', 'https://b.example.com']);

    // Unchecked boxes are false: only the surcharge and the second user are on.
    expect(
      await endOf(
        actions.savePaymentsAction(
          formOf({
            locale: 'en-GB',
            surcharge_enabled: 'on',
            commercial_rate_bps: '175',
            international_rate_bps: '300',
            refunds_require_second_user: 'on',
          }),
        ),
      ),
    ).toBe(SAVED);
    expect(await settings()).toMatchObject({
      surcharge: { enabled: true, commercial_rate_bps: 175, international_rate_bps: 300 },
      dcc_enabled: false,
      approval_links_enabled: false,
      refunds_require_second_user: true,
    });

    expect(
      await endOf(
        actions.saveNoticesAction(
          formOf({
            locale: 'en-GB',
            merchant_notices: 'daily_digest',
            notification_email: 'ops@example.com',
            notification_locale: 'cy',
            member_reminder_days: '5',
            send_leader_portal_link: 'on',
          }),
        ),
      ),
    ).toBe(SAVED);
    expect(await settings()).toMatchObject({
      merchant_notices: 'daily_digest',
      notification_email: 'ops@example.com',
      notification_locale: 'cy',
      member_reminder_days: 5,
      send_leader_portal_link: true,
      leader_members_require_approval: false,
    });

    // A portal domain waits for its check; the sandbox's stand-in passes it.
    expect(
      await endOf(actions.savePortalDomainAction(formOf({ locale: 'en-GB', portal_domain: 'Pay.Sunny.example' }))),
    ).toBe(SAVED);
    expect(await settings()).toMatchObject({ portal_domain: 'pay.sunny.example', portal_domain_status: 'pending' });
    expect(await endOf(actions.verifyPortalDomainAction(formOf({ locale: 'en-GB', check: 'sandbox' })))).toBe(
      '/dashboard/settings?result=domain-verified',
    );
    expect(await settings()).toMatchObject({
      portal_domain_status: 'active',
      portal_domain_active: 'pay.sunny.example',
    });
    expect(await endOf(actions.verifyPortalDomainAction(formOf({ locale: 'en-GB', check: 'sandbox' })))).toBe(
      '/dashboard/settings?error=organisation.portal_domain_not_pending',
    );
    expect(await auditTypesOf(db, admin.id)).toEqual(
      expect.arrayContaining(['organisation:update-settings', 'organisation:verify-portal-domain']),
    );
  });

  it('refuses what the API refuses and changes nothing', async () => {
    const db = await getDb();
    const tenant = await createTenant('SettingsRefuse');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    await signedIn(admin.email);
    const before = (await api.get(`/agent/organisations/${tenant.parentId}/settings`, { token: tenant.admin.token }))
      .body.data;
    const identity = { locale: 'en-GB', name: 'Sunny', logo_url: '', brand_colour: '', country: 'GB' };
    for (const wrong of [
      { brand_colour: 'blue' },
      { name: '  ' },
      { country: 'GBR' },
      { logo_url: 'javascript:alert(1)' },
    ])
      expect(await endOf(actions.saveIdentityAction(formOf({ ...identity, ...wrong })))).toBe(INVALID);
    const payments = { locale: 'en-GB', commercial_rate_bps: '150', international_rate_bps: '250' };
    expect(await endOf(actions.savePaymentsAction(formOf({ ...payments, commercial_rate_bps: '10001' })))).toBe(
      INVALID,
    );
    expect(await endOf(actions.savePaymentsAction(formOf({ ...payments, international_rate_bps: '1.5' })))).toBe(
      INVALID,
    );
    const notices = { locale: 'en-GB', merchant_notices: 'off', notification_email: '', member_reminder_days: '3' };
    expect(await endOf(actions.saveNoticesAction(formOf({ ...notices, merchant_notices: 'hourly' })))).toBe(INVALID);
    expect(await endOf(actions.saveNoticesAction(formOf({ ...notices, member_reminder_days: '31' })))).toBe(INVALID);
    expect(await endOf(actions.saveNoticesAction(formOf({ ...notices, notification_locale: 'xx' })))).toBe(INVALID);
    expect(
      await endOf(actions.saveEmbedAction(formOf({ locale: 'en-GB', allowed_embed_origins: 'ftp://x.example' }))),
    ).toBe(INVALID);
    expect(await endOf(actions.savePortalDomainAction(formOf({ locale: 'en-GB', portal_domain: '127.0.0.1' })))).toBe(
      INVALID,
    );
    const after = (await api.get(`/agent/organisations/${tenant.parentId}/settings`, { token: tenant.admin.token }))
      .body.data;
    expect(after).toEqual(before);
    expect(await auditTypesOf(db, admin.id)).not.toContain('organisation:update-settings');

    // Without organisation:management: 403 (the page's forbidden()), and nothing saved.
    const agent = await staffUser(db, ['booking-and-payment:create:payment'], [tenant.parentId]);
    await signedIn(agent.email);
    expect(await endOf(actions.saveIdentityAction(formOf({ ...identity, name: 'Taken over' })))).toBe('403');
    expect(await endOf(actions.verifyPortalDomainAction(formOf({ locale: 'en-GB', check: 'sandbox' })))).toBe('403');
    expect(
      (await api.get(`/agent/organisations/${tenant.parentId}/settings`, { token: tenant.admin.token })).body.data.name,
    ).toBe('SettingsRefuse Travel');
  });

  it('the API extension renames the organisation too (name, as the back office does)', async () => {
    const tenant = await createTenant('Rename');
    const path = `/agent/organisations/${tenant.parentId}/settings`;
    expect((await api.post(path, { name: 'Renamed Travel' }, { token: tenant.admin.token })).body.data.name).toBe(
      'Renamed Travel',
    );
    expect((await api.post(path, { name: '' }, { token: tenant.admin.token })).status).toBe(422);
    expect((await api.get(path, { token: tenant.admin.token })).body.data.name).toBe('Renamed Travel');
  });
});
