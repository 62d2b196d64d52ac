import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUT as createBookingRoute } from '@/app/api/agent/bookings/route';
import { MAX_SKIP } from '@/lib/core/shared/list-params';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';

const database = withTestDatabase();

afterEach(() => vi.restoreAllMocks());

/** A body that never ends: only a reader that counts as it goes ever answers. */
function endlessBody(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`{"pad":"${'x'.repeat(64 * 1024)}`);
  return new ReadableStream({ pull: (controller) => controller.enqueue(chunk) });
}

describe('request bodies', () => {
  it('stops reading a streamed body past 1 MB with a 413, whatever Content-Length said', async () => {
    const { admin } = await createTenant();
    const request = new Request('http://localhost/api/agent/bookings', {
      method: 'PUT',
      body: endlessBody(),
      duplex: 'half',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    } as RequestInit);
    const response = await createBookingRoute(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(413);
    expect((await response.json()).errors[0].code).toBe('request.body_too_large');
  });

  it('refuses a declared size over 1 MB unread and accepts a body just under it', async () => {
    const { admin, parentId } = await createTenant();
    const declared = await api.put(
      '/agent/bookings',
      {},
      { token: admin.token, headers: { 'content-length': String(1024 * 1024 + 1) } },
    );
    expect(declared.status).toBe(413);
    const padding = 'x'.repeat(1024 * 1024 - 400);
    const fits = await api.put(
      '/agent/bookings',
      { organisation: parentId, booking_reference: 'BIG-1', customer_name: 'A', email: 'a@example.com', padding },
      { token: admin.token },
    );
    expect(fits.status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('accepts 255 printable characters and refuses 256, spaces and control characters with a 400', async () => {
    const { admin } = await createTenant();
    const withKey = (key: string) =>
      api.get('/user/organisations', { token: admin.token, headers: { 'idempotency-key': key } });
    expect((await withKey('k'.repeat(255))).status).toBe(200);
    for (const bad of ['k'.repeat(256), 'two words', 'tab\there']) {
      const response = await withKey(bad);
      expect(response.status, bad).toBe(400);
      expect(response.body.errors[0].code).toBe('request.invalid_idempotency_key');
    }
  });
});

describe('skip', () => {
  it(`is bounded at ${MAX_SKIP}`, async () => {
    const { admin, parentId } = await createTenant();
    expect(
      (await api.post('/agent/bookings', { organisation: parentId, skip: MAX_SKIP }, { token: admin.token })).status,
    ).toBe(200);
    const beyond = await api.post(
      '/agent/bookings',
      { organisation: parentId, skip: MAX_SKIP + 1 },
      { token: admin.token },
    );
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors[0]).toMatchObject({
      code: 'validation.too_big',
      message: `skip must be at most ${MAX_SKIP}.`,
    });
  });
});

describe('an unexpected error', () => {
  it('logs the request id and the error class, never the data in its message', async () => {
    const { admin, parentId } = await createTenant();
    const cause = Object.assign(new Error('invalid byte sequence in "jane.secret@example.com" $1=Jane Traveller'), {
      code: '22021',
    });
    vi.spyOn(database.current().db, 'transaction').mockRejectedValueOnce(
      new TypeError('Failed query: insert into bookings ... params: jane.secret@example.com', { cause }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await api.put(
      '/agent/bookings',
      {
        organisation: parentId,
        booking_reference: 'R-500',
        customer_name: 'Jane Traveller',
        email: 'jane.secret@example.com',
      },
      { token: admin.token },
    );
    expect(response.status).toBe(500);
    const output = logged.mock.calls.map((args) => args.map(String).join(' ')).join('\n');
    expect(output).toContain(response.body.meta.request_id);
    expect(JSON.parse(output)).toMatchObject({
      level: 'error',
      error: { class: 'TypeError', cause: { class: 'Error', code: '22021' } },
    });
    expect(JSON.parse(output).error.frames.length).toBeGreaterThan(0);
    for (const secret of ['jane', 'Jane', 'Traveller', 'insert', 'params', '$1']) expect(output).not.toContain(secret);
  });
});
