import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { clockOffset, now } from '@/lib/clock';
import { serviceState } from '@/lib/db/schema';
import { advanceClock, CLOCK_OFFSET_KEY, resetClock, syncClockFromDatabase } from '@/lib/sandbox/test-clock';
import { api } from './support/api-client';
import { createTenant, tokenFor } from './support/fixtures';
import { withTestDatabase } from './support/test-database';

const database = withTestDatabase();
const db = () => database.current().db;
const HOUR = 3600;
const saved = {
  MODE: process.env.MODE,
  ADYEN_API_KEY: process.env.ADYEN_API_KEY,
  ADYEN_MERCHANT_ACCOUNT: process.env.ADYEN_MERCHANT_ACCOUNT,
};

function restoreMode() {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

const storedOffset = async () =>
  (await db().select().from(serviceState).where(eq(serviceState.key, CLOCK_OFFSET_KEY)))[0]?.value;
const secondsFromRealNow = (iso: string) => (new Date(iso).getTime() - Date.now()) / 1000;

afterEach(async () => {
  restoreMode();
  await resetClock(db());
});

describe('sandbox test clock', () => {
  it('reads and advances the clock, and stores the offset for other processes', async () => {
    const { admin } = await createTenant();
    expect((await api.get('/sandbox/clock')).status).toBe(401);
    const start = await api.get('/sandbox/clock', { token: admin.token });
    expect(start.status).toBe(200);
    expect(start.body.data.offset_seconds).toBe(0);
    expect(Math.abs(secondsFromRealNow(start.body.data.now))).toBeLessThan(5);

    const moved = await api.post('/sandbox/clock', { advance_seconds: 2 * HOUR }, { token: admin.token });
    expect(moved.status).toBe(200);
    expect(moved.body.data.offset_seconds).toBe(2 * HOUR);
    expect(secondsFromRealNow(moved.body.data.now)).toBeCloseTo(2 * HOUR, -1);
    expect(secondsFromRealNow(now().toISOString())).toBeCloseTo(2 * HOUR, -1);
    expect(await storedOffset()).toBe(String(2 * HOUR * 1000));

    const again = await api.post('/sandbox/clock', { advance_seconds: 30 }, { token: admin.token });
    expect(again.body.data.offset_seconds).toBe(2 * HOUR + 30);
    expect((await api.get('/sandbox/clock', { token: admin.token })).body.data.offset_seconds).toBe(2 * HOUR + 30);
  });

  it('expires tokens when it passes their 60 hours', async () => {
    const { admin } = await createTenant();
    expect((await api.post('/sandbox/clock', { advance_seconds: 61 * HOUR }, { token: admin.token })).status).toBe(200);
    const expired = await api.get('/sandbox/clock', { token: admin.token });
    expect(expired.status).toBe(403);
    expect(expired.body.errors[0].code).toBe('auth.invalid_token');

    const fresh = await tokenFor(admin.publicKey, admin.privateKey);
    const read = await api.get('/sandbox/clock', { token: fresh });
    expect(read.status).toBe(200);
    expect(read.body.data.offset_seconds).toBe(61 * HOUR);
  });

  it('sets the clock to a moment and resets it to real time', async () => {
    const { admin } = await createTenant();
    const target = new Date(Date.now() + 10 * 24 * HOUR * 1000);
    const set = await api.post('/sandbox/clock', { set_to: target.toISOString() }, { token: admin.token });
    expect(set.status).toBe(200);
    expect(Math.abs(new Date(set.body.data.now).getTime() - target.getTime())).toBeLessThan(2000);
    expect(set.body.data.offset_seconds).toBeCloseTo(10 * 24 * HOUR, -1);

    // Ten days on, the token of ten days ago has expired: like any client, take a fresh one.
    const fresh = await tokenFor(admin.publicKey, admin.privateKey);
    const reset = await api.post('/sandbox/clock', { reset: true }, { token: fresh });
    expect(reset.status).toBe(200);
    expect(reset.body.data.offset_seconds).toBe(0);
    expect(clockOffset()).toBe(0);
    expect(await storedOffset()).toBe('0');
  });

  it('validates the body and never goes behind real time nor too far ahead', async () => {
    const { admin } = await createTenant();
    let token = admin.token;
    const post = (body: unknown) => api.post('/sandbox/clock', body, { token });
    const cases: [unknown, string, string][] = [
      [{}, 'validation.invalid', 'body: send exactly one of advance_seconds, set_to or reset.'],
      [
        { advance_seconds: 60, reset: true },
        'validation.invalid',
        'body: send exactly one of advance_seconds, set_to or reset.',
      ],
      [{ advance_seconds: -60 }, 'validation.too_small', 'advance_seconds must be at least 1.'],
      [{ advance_seconds: 1.5 }, 'validation.invalid_type', 'advance_seconds must be an integer.'],
      [{ advance_seconds: '60' }, 'validation.invalid_type', 'advance_seconds must be a number.'],
      [
        { advance_seconds: 3650 * 24 * HOUR + 1 },
        'validation.too_big',
        `advance_seconds must be at most ${3650 * 24 * HOUR}.`,
      ],
      [{ set_to: 'tomorrow' }, 'validation.invalid_format', 'set_to must be a valid ISO 8601 date-time.'],
      [{ reset: false }, 'validation.invalid_value', 'reset must be one of: true.'],
    ];
    for (const [body, code, message] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors[0], JSON.stringify(body)).toMatchObject({ code, message });
    }

    const past = await post({ set_to: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(422);
    expect(past.body.errors[0]).toMatchObject({
      code: 'validation.too_small',
      message: expect.stringContaining('set_to must not be before the real current time'),
    });

    // The cap holds for the sum of several moves too (checked in SQL).
    expect((await post({ set_to: new Date(Date.now() + 3649 * 24 * HOUR * 1000).toISOString() })).status).toBe(200);
    token = await tokenFor(admin.publicKey, admin.privateKey);
    const beyond = await post({ advance_seconds: 2 * 24 * HOUR });
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors[0].code).toBe('validation.too_big');
    expect(Number(await storedOffset())).toBeLessThan(3650 * 24 * HOUR * 1000);
  });

  it('picks up an offset another process stored', async () => {
    const storeAsAnotherProcess = (ms: number) =>
      db()
        .insert(serviceState)
        .values({ key: CLOCK_OFFSET_KEY, value: String(ms) })
        .onConflictDoUpdate({ target: serviceState.key, set: { value: String(ms) } });
    await storeAsAnotherProcess(7 * HOUR * 1000);
    expect(clockOffset()).toBe(0);
    expect(await syncClockFromDatabase(db())).toBe(7 * HOUR * 1000);
    expect(clockOffset()).toBe(7 * HOUR * 1000);
    // Advancing adds to what the database holds, not to this process's possibly stale copy.
    await storeAsAnotherProcess(9 * HOUR * 1000);
    expect((await advanceClock(db(), { seconds: HOUR })).offset_seconds).toBe(10 * HOUR);
  });
});

describe('sandbox test clock in production mode', () => {
  it('does not exist: 404 route.not_found like an unknown endpoint, token or not', async () => {
    const { admin } = await createTenant();
    await advanceClock(db(), { seconds: HOUR });
    process.env.MODE = 'production';
    process.env.ADYEN_API_KEY = 'test-key';
    process.env.ADYEN_MERCHANT_ACCOUNT = 'TestMerchant';
    const unknown = await api.get('/no-such/endpoint', { token: admin.token });
    for (const [method, path, body] of [
      ['GET', '/sandbox/clock'],
      ['POST', '/sandbox/clock', { reset: true }],
      ['POST', '/sandbox/emails/test', { to: 'a@example.com' }],
    ] as const) {
      for (const token of [admin.token, undefined]) {
        const response = method === 'GET' ? await api.get(path, { token }) : await api.post(path, body, { token });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.errors).toHaveLength(1);
        expect(response.body.errors[0]).toMatchObject({
          ...unknown.body.errors[0],
          message: `No operation at ${method} /api${path}.`,
        });
      }
    }
    // The offset never applies in production, and the functions refuse to move it.
    expect(await syncClockFromDatabase(db())).toBe(0);
    expect(clockOffset()).toBe(0);
    await expect(advanceClock(db(), { seconds: 60 })).rejects.toThrow('only in sandbox mode');
    await expect(resetClock(db())).rejects.toThrow('only in sandbox mode');
  });
});
