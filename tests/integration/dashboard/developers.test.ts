import { describe, expect, it, vi } from 'vitest';
import { roles as allRoles } from '@/lib/core/enums';
import { exchangeKeysForToken } from '@/lib/core/api-keys/issue-token';
import { listApiKeys, listApiKeysSchema } from '@/lib/core/api-keys/api-keys';
import { loadStaffActor } from '@/lib/core/staff/load-staff-actor';
import { sealStaffSession } from '@/lib/core/staff/session-cookie';
import { listDeliveries } from '@/lib/core/webhooks/deliveries';
import { deliveryLogSchema } from '@/lib/core/webhooks/schemas';
import { getDb } from '@/lib/db/client';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { dashboardRequest, endOf, formOf } from '../support/dashboard-request';
import { auditTypesOf, signInByEmail, staffUser } from '../support/staff';
import { withTestDatabase } from '../support/test-database';

/*
 * The Developers page's actions as a browser posts them: API keys (the private key answered once, as form state,
 * never in an address) and webhook endpoints (secret once, test event, replay), through the API's own core.
 */
vi.mock('next/headers', async () => (await import('../support/dashboard-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/dashboard-request')).nextNavigation);
vi.mock('next/cache', () => ({ refresh: () => undefined }));

const { createKeyAction, revokeKeyAction, createEndpointAction, rotateSecretAction, sendTestAction, replayAction } =
  await import('@/app/[locale]/dashboard/(signed-in)/developers/actions');

withTestDatabase();
const idle = { status: 'idle' } as const;

async function signedIn(email: string) {
  const db = await getDb();
  const sessionId = await signInByEmail(db, email);
  dashboardRequest(await sealStaffSession(db, sessionId));
  return sessionId;
}

describe('API keys in the back office', () => {
  it('creates a key with one role, answers its private key once (it works at /token), revokes it (it stops)', async () => {
    const db = await getDb();
    const tenant = await createTenant('Keys');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const session = await signedIn(admin.email);
    const state = await createKeyAction(
      idle,
      formOf({ locale: 'en-GB', name: 'Booking robot', roles: ['booking-and-payment:create:booking'] }),
    );
    expect(state.status).toBe('done');
    if (state.status !== 'done') return;
    expect(state.value.privateKey).toMatch(/\S{20,}/);
    const token = (
      await exchangeKeysForToken(db, { public_key: state.value.publicKey, private_key: state.value.privateKey })
    ).token;
    const bookings = await api.post('/agent/bookings', { organisation: tenant.parentId }, { token });
    expect(bookings.status).toBe(200);
    // Listed with its one role, and never with a private key.
    const actor = (await loadStaffActor(db, session))!;
    const listed = (await listApiKeys(db, actor, listApiKeysSchema.parse({ organisation: tenant.parentId }))).items;
    const mine = listed.find((key) => key.public_key === state.value.publicKey)!;
    expect(mine.roles).toEqual(['booking-and-payment:create:booking']);
    expect(JSON.stringify(listed)).not.toContain(state.value.privateKey);

    expect(await endOf(revokeKeyAction(formOf({ locale: 'en-GB', key: mine.id })))).toBe(
      '/dashboard/developers?result=key-revoked',
    );
    // Its token stops at once (the API's 403 auth.invalid_token) and the pair gets no new one (401).
    const after = await api.post('/agent/bookings', { organisation: tenant.parentId }, { token });
    expect([after.status, after.body.errors[0].code]).toEqual([403, 'auth.invalid_token']);
    const again = await api.post('/token', { public_key: state.value.publicKey, private_key: state.value.privateKey });
    expect(again.status).toBe(401);
    expect(await auditTypesOf(db, admin.id)).toEqual(expect.arrayContaining(['api-key:create', 'api-key:revoke']));
  });

  it('refuses a role the user lacks, a missing role (403) and another organisation’s key (404)', async () => {
    const db = await getDb();
    const tenant = await createTenant('KeyRefuse');
    const other = await createTenant('KeyOther');
    const keysOnly = await staffUser(db, ['developers:manage:keys'], [tenant.parentId]);
    await signedIn(keysOnly.email);
    // The page offers only held roles: another is a forged post, refused as the API refuses it (403 api_key.role_not_held).
    expect(
      await endOf(createKeyAction(idle, formOf({ locale: 'en-GB', name: 'Too much', roles: ['users:manage'] }))),
    ).toBe('403');
    expect(await createKeyAction(idle, formOf({ locale: 'en-GB', name: 'No roles' }))).toEqual({
      status: 'error',
      code: 'validation.failed',
    });
    expect(await endOf(revokeKeyAction(formOf({ locale: 'en-GB', key: other.admin.apiKeyId })))).toBe('404');
    expect(
      (await api.post('/agent/bookings', { organisation: other.parentId }, { token: other.admin.token })).status,
    ).toBe(200);

    const agent = await staffUser(db, ['booking-and-payment:create:payment'], [tenant.parentId]);
    await signedIn(agent.email);
    expect(
      await endOf(
        createKeyAction(idle, formOf({ locale: 'en-GB', name: 'x', roles: ['booking-and-payment:create:payment'] })),
      ),
    ).toBe('403');
    expect(await endOf(revokeKeyAction(formOf({ locale: 'en-GB', key: tenant.admin.apiKeyId })))).toBe('403');
    expect(await auditTypesOf(db, agent.id)).not.toContain('api-key:create');
  });
});

describe('webhooks in the back office', () => {
  it('creates an endpoint (secret once), sends a test event, replays its delivery, rotates the secret', async () => {
    const db = await getDb();
    const tenant = await createTenant('Hooks');
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    const session = await signedIn(admin.email);
    const created = await createEndpointAction(
      idle,
      formOf({
        locale: 'en-GB',
        url: 'http://127.0.0.1:9/hooks',
        event_types: ['transaction.completed'],
        description: '',
      }),
    );
    if (created.status !== 'done') throw new Error(JSON.stringify(created));
    const { endpointId, secret } = created.value;
    expect(secret).toBeTruthy();

    expect(await endOf(sendTestAction(formOf({ locale: 'de', endpoint: endpointId })))).toBe(
      `/de/dashboard/developers/webhooks/${endpointId}?result=test-sent`,
    );
    const actor = (await loadStaffActor(db, session))!;
    const [delivery] = (await listDeliveries(db, actor, endpointId, deliveryLogSchema.parse({}))).items;
    expect(delivery!.event.type).toBe('webhook.test');
    expect(await endOf(replayAction(formOf({ locale: 'en-GB', endpoint: endpointId, delivery: delivery!.id })))).toBe(
      `/dashboard/developers/webhooks/${endpointId}?result=replayed`,
    );
    const log = (await listDeliveries(db, actor, endpointId, deliveryLogSchema.parse({}))).items;
    expect(log.map((d) => d.replay_of)).toEqual([delivery!.id, null]);

    const rotated = await rotateSecretAction(idle, formOf({ locale: 'en-GB', endpoint: endpointId }));
    if (rotated.status !== 'done') throw new Error(JSON.stringify(rotated));
    expect(rotated.value.secret).not.toBe(secret);
    expect(await auditTypesOf(db, admin.id)).toEqual(
      expect.arrayContaining([
        'webhook-endpoint:create',
        'webhook-endpoint:test',
        'webhook-delivery:replay',
        'webhook-endpoint:rotate-secret',
      ]),
    );
  });

  it('refuses an address that is no URL, no event type, another organisation’s endpoint (404), a missing role (403)', async () => {
    const db = await getDb();
    const tenant = await createTenant('HookRefuse');
    const other = await createTenant('HookOther');
    const theirs = await api.put(
      '/agent/webhooks',
      { organisation: other.parentId, url: 'http://127.0.0.1:9/x', event_types: ['transaction.completed'] },
      { token: other.admin.token },
    );
    expect(theirs.status).toBe(200);
    const admin = await staffUser(db, allRoles, [tenant.parentId]);
    await signedIn(admin.email);
    const form = { locale: 'en-GB', event_types: ['transaction.completed'] };
    expect(await createEndpointAction(idle, formOf({ ...form, url: 'not a url' }))).toEqual({
      status: 'error',
      code: 'validation.failed',
    });
    expect(await createEndpointAction(idle, formOf({ locale: 'en-GB', url: 'http://127.0.0.1:9/x' }))).toEqual({
      status: 'error',
      code: 'validation.failed',
    });
    const id = theirs.body.data.id;
    expect(await endOf(sendTestAction(formOf({ locale: 'en-GB', endpoint: id })))).toBe('404');
    expect(await endOf(rotateSecretAction(idle, formOf({ locale: 'en-GB', endpoint: id })))).toBe('404');

    const keysOnly = await staffUser(db, ['developers:manage:keys'], [tenant.parentId]);
    await signedIn(keysOnly.email);
    expect(await endOf(createEndpointAction(idle, formOf({ ...form, url: 'http://127.0.0.1:9/x' })))).toBe('403');
  });
});
