import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliverDueWebhooks } from '@/lib/runner/webhooks-step';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';
import { startReceiver } from './webhook-receiver';
import { verifyWebhookSignature } from './webhook-receiver';

const database = withTestDatabase();
const db = () => database.current().db;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

const codes = (body: { errors: { code: string }[] }) => body.errors.map((e) => e.code);

describe('webhook endpoint operations (/agent/webhooks)', () => {
  it('creates an endpoint answering its secret once; list and get never show it', async () => {
    const { admin, parentId } = await createTenant('Hooks');
    const created = await api.put(
      '/agent/webhooks',
      {
        organisation: parentId,
        url: receiver.url('/a'),
        event_types: ['transaction.completed', 'refund.completed'],
        description: 'Back office',
      },
      { token: admin.token },
    );
    expect(created.status, created.text).toBe(200);
    const endpoint = created.body.data;
    expect(endpoint).toMatchObject({
      organisation: parentId,
      url: receiver.url('/a'),
      event_types: ['transaction.completed', 'refund.completed'],
      description: 'Back office',
      status: 'enabled',
    });
    expect(endpoint.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const list = await api.post('/agent/webhooks', { organisation: parentId }, { token: admin.token });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    expect(list.body.meta).toMatchObject({ count: 1, has_more: false });
    const got = await api.get(`/agent/webhooks/${endpoint.id}`, { token: admin.token });
    expect(got.body.data).toMatchObject({ id: endpoint.id, url: endpoint.url });
    expect(list.text + got.text).not.toContain(endpoint.secret);
  });

  it('validates the url and event types (webhook.test is not subscribable), naming each field', async () => {
    const { admin, parentId } = await createTenant('Hooks');
    const bad = await api.put(
      '/agent/webhooks',
      { organisation: parentId, url: 'not a url', event_types: ['transaction.completed', 'webhook.test'] },
      { token: admin.token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { message: string }) => e.message.split(' ')[0]).sort()).toEqual([
      'event_types.1',
      'url',
    ]);
    const empty = await api.put(
      '/agent/webhooks',
      { organisation: parentId, url: receiver.url('/a'), event_types: [] },
      { token: admin.token },
    );
    expect(empty.status).toBe(422);
    const ftp = await api.put(
      '/agent/webhooks',
      { organisation: parentId, url: 'ftp://example.com/x', event_types: ['refund.completed'] },
      { token: admin.token },
    );
    expect(ftp.status).toBe(422);
    expect(codes(ftp.body)).toContain('webhook.url_not_allowed');
  });

  it('needs developers:manage:webhooks for every operation, and the organisation', async () => {
    const tenant = await createTenant('Hooks');
    const theirs = await createTenant('Other');
    const endpoint = (
      await api.put(
        '/agent/webhooks',
        { organisation: tenant.parentId, url: receiver.url('/a'), event_types: ['refund.completed'] },
        { token: tenant.admin.token },
      )
    ).body.data;
    const agent = await tenant.makeCaller({
      roles: ['booking-and-payment:create:booking'],
      organisationId: tenant.parentId,
    });
    const base = `/agent/webhooks/${endpoint.id}`;
    const calls = (token: string) => [
      api.put(
        '/agent/webhooks',
        { organisation: tenant.parentId, url: receiver.url('/a'), event_types: ['refund.completed'] },
        { token },
      ),
      api.post('/agent/webhooks', { organisation: tenant.parentId }, { token }),
      api.get(base, { token }),
      api.post(base, { status: 'disabled' }, { token }),
      api.post(`${base}/rotate-secret`, {}, { token }),
      api.post(`${base}/test`, {}, { token }),
      api.post(`${base}/deliveries`, {}, { token }),
      api.post(`${base}/deliveries/00000000-0000-4000-8000-000000000000/replay`, {}, { token }),
      api.delete(base, { token }),
    ];
    for (const response of await Promise.all(calls(agent.token))) expect(response.status).toBe(403);
    // Another organisation's key: 403 for the organisation it names, 404 for an endpoint it cannot reach.
    const other = await Promise.all(calls(theirs.admin.token));
    expect(other.map((r) => r.status)).toEqual([403, 403, 404, 404, 404, 404, 404, 404, 404]);
    expect((await api.get('/agent/webhooks/nope', { token: tenant.admin.token })).status).toBe(404);
  });

  it('updates url, types and status; disabling fails what is queued; enabling starts afresh', async () => {
    const { admin, parentId } = await createTenant('Hooks');
    const endpoint = (
      await api.put(
        '/agent/webhooks',
        { organisation: parentId, url: receiver.url('/a'), event_types: ['refund.completed'] },
        { token: admin.token },
      )
    ).body.data;
    const changed = await api.post(
      `/agent/webhooks/${endpoint.id}`,
      { url: receiver.url('/b'), event_types: ['chargeback.opened', 'chargeback.updated'], description: null },
      { token: admin.token },
    );
    expect(changed.body.data).toMatchObject({
      url: receiver.url('/b'),
      event_types: ['chargeback.opened', 'chargeback.updated'],
      description: null,
    });
    const test = await api.post(`/agent/webhooks/${endpoint.id}/test`, {}, { token: admin.token });
    expect(test.status).toBe(200);
    const disabled = await api.post(`/agent/webhooks/${endpoint.id}`, { status: 'disabled' }, { token: admin.token });
    expect(disabled.body.data).toMatchObject({ status: 'disabled', disabled_reason: 'by_merchant' });
    const log = await api.post(`/agent/webhooks/${endpoint.id}/deliveries`, {}, { token: admin.token });
    expect(log.body.data[0]).toMatchObject({ status: 'failed', last_error: 'endpoint_disabled', attempts: 0 });
    const refused = await api.post(`/agent/webhooks/${endpoint.id}/test`, {}, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(codes(refused.body)).toEqual(['webhook.endpoint_disabled']);
    const enabled = await api.post(`/agent/webhooks/${endpoint.id}`, { status: 'enabled' }, { token: admin.token });
    expect(enabled.body.data).toMatchObject({
      status: 'enabled',
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
    });
  });

  it('deletes softly: queued deliveries fail endpoint_deleted, a second delete is a 404, the list forgets it', async () => {
    const { admin, parentId } = await createTenant('Hooks');
    const endpoint = (
      await api.put(
        '/agent/webhooks',
        { organisation: parentId, url: receiver.url('/a'), event_types: ['refund.completed'] },
        { token: admin.token },
      )
    ).body.data;
    const { delivery_id } = (await api.post(`/agent/webhooks/${endpoint.id}/test`, {}, { token: admin.token })).body
      .data;
    expect((await api.delete(`/agent/webhooks/${endpoint.id}`, { token: admin.token })).status).toBe(200);
    expect((await api.delete(`/agent/webhooks/${endpoint.id}`, { token: admin.token })).status).toBe(404);
    expect((await api.get(`/agent/webhooks/${endpoint.id}`, { token: admin.token })).status).toBe(404);
    expect((await api.post('/agent/webhooks', { organisation: parentId }, { token: admin.token })).body.data).toEqual(
      [],
    );
    const rows = await db().query.webhookDeliveries.findFirst({ where: (d, { eq }) => eq(d.id, delivery_id) });
    expect(rows).toMatchObject({ status: 'failed', lastError: 'endpoint_deleted' });
  });

  it('test event, delivery log and replay, through the worker to a verifying receiver', async () => {
    const { admin, parentId } = await createTenant('Hooks');
    const endpoint = (
      await api.put(
        '/agent/webhooks',
        { organisation: parentId, url: receiver.url('/log'), event_types: ['refund.completed'] },
        { token: admin.token },
      )
    ).body.data;
    receiver.secrets.set('/log', endpoint.secret);
    const { event_id, delivery_id } = (
      await api.post(`/agent/webhooks/${endpoint.id}/test`, {}, { token: admin.token })
    ).body.data;
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 1 });
    const got = receiver.processed.find((r) => r.body.id === event_id)!;
    expect(got.body).toMatchObject({ type: 'webhook.test', data: { id: endpoint.id, url: endpoint.url } });
    expect(got.headers['x-delivery-id']).toBe(delivery_id);
    const log = await api.post(`/agent/webhooks/${endpoint.id}/deliveries`, {}, { token: admin.token });
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({
      id: delivery_id,
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      event: { id: event_id, type: 'webhook.test' },
    });
    expect(log.body.data[0].attempt_log).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 200, error: null, duration_ms: expect.any(Number) }),
    ]);
    const replay = await api.post(
      `/agent/webhooks/${endpoint.id}/deliveries/${delivery_id}/replay`,
      {},
      { token: admin.token },
    );
    expect(replay.body.data).toMatchObject({ status: 'queued', replay_of: delivery_id, event: { id: event_id } });
    expect(await deliverDueWebhooks(db())).toMatchObject({ delivered: 1 });
    // The same event again: the receiver's replay guard answers 200 without processing it twice.
    expect(receiver.refused.duplicate).toBe(1);
    const after = (await api.post(`/agent/webhooks/${endpoint.id}/deliveries`, {}, { token: admin.token })).body.data;
    expect(after.map((d: { id: string; status: string }) => [d.id, d.status])).toEqual([
      [replay.body.data.id, 'delivered'],
      [delivery_id, 'delivered'],
    ]);
    expect(
      (
        await api.post(
          `/agent/webhooks/${endpoint.id}/deliveries/00000000-0000-4000-8000-000000000000/replay`,
          {},
          { token: admin.token },
        )
      ).status,
    ).toBe(404);
    const audit = await api.post('/audit', { organisation: parentId, keyword: 'webhook' }, { token: admin.token });
    expect(audit.body.data.map((r: { type: string }) => r.type)).toEqual([
      'webhook-delivery:replay',
      'webhook-endpoint:test',
      'webhook-endpoint:create',
    ]);
  });

  it('rotates the secret: the new one signs X-Signature, the old one X-Signature-Previous for 24 hours', async () => {
    const { admin, parentId } = await createTenant('Hooks');
    const endpoint = (
      await api.put(
        '/agent/webhooks',
        { organisation: parentId, url: receiver.url('/rotate'), event_types: ['refund.completed'] },
        { token: admin.token },
      )
    ).body.data;
    const rotated = await api.post(`/agent/webhooks/${endpoint.id}/rotate-secret`, {}, { token: admin.token });
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.body.data.previous_secret_expires_at) - Date.parse(rotated.body.data.updated_at)).toBe(
      24 * 3600_000,
    );
    receiver.secrets.set('/rotate', rotated.body.data.secret);
    const { event_id } = (await api.post(`/agent/webhooks/${endpoint.id}/test`, {}, { token: admin.token })).body.data;
    await deliverDueWebhooks(db());
    const got = receiver.processed.find((r) => r.body.id === event_id)!;
    expect(
      verifyWebhookSignature({
        payload: got.raw,
        signature: String(got.headers['x-signature-previous']),
        secret: endpoint.secret,
      }),
    ).toBe(true);
  });

  it('refuses private and plain-http urls in production mode at create and update', async () => {
    const { admin, parentId } = await createTenant('Hooks');
    const endpoint = (
      await api.put(
        '/agent/webhooks',
        { organisation: parentId, url: receiver.url('/a'), event_types: ['refund.completed'] },
        { token: admin.token },
      )
    ).body.data;
    vi.stubEnv('MODE', 'production');
    for (const url of [
      'http://93.184.216.34/hook',
      'https://127.0.0.1/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://169.254.169.254/latest',
      'https://localhost/hook',
      'https://[fd00::1]/x',
    ]) {
      const response = await api.put(
        '/agent/webhooks',
        { organisation: parentId, url, event_types: ['refund.completed'] },
        { token: admin.token },
      );
      expect(response.status, url).toBe(422);
      expect(codes(response.body), url).toContain('webhook.url_not_allowed');
    }
    const update = await api.post(
      `/agent/webhooks/${endpoint.id}`,
      { url: 'https://10.1.2.3/x' },
      { token: admin.token },
    );
    expect(update.status).toBe(422);
    const publicOne = await api.put(
      '/agent/webhooks',
      { organisation: parentId, url: 'https://93.184.216.34/hook', event_types: ['refund.completed'] },
      { token: admin.token },
    );
    expect(publicOne.status, publicOne.text).toBe(200);
  });
});
