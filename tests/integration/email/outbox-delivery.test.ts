import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '@/lib/db/schema';
import { retryDelaysMs } from '@/lib/backoff';
import { now } from '@/lib/clock';
import { deliverOutbox, EMAIL_RETRY } from '@/lib/email/deliver-outbox';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { smtpTransport } from '@/lib/email/smtp-transport';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';
import { startSmtpServer } from '../../support/smtp-test-server';

const database = withTestDatabase();
const db = () => database.current().db;
const saved = {
  MODE: process.env.MODE,
  SMTP_URL: process.env.SMTP_URL,
  EMAIL_FROM: process.env.EMAIL_FROM,
  ADYEN_API_KEY: process.env.ADYEN_API_KEY,
  ADYEN_MERCHANT_ACCOUNT: process.env.ADYEN_MERCHANT_ACCOUNT,
};
const servers: { close: () => Promise<void> }[] = [];

async function smtpServer(options?: Parameters<typeof startSmtpServer>[0]) {
  const server = await startSmtpServer(options);
  servers.push(server);
  process.env.SMTP_URL = server.url;
  return server;
}

const emailsTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

/** An organisation (through the operator and the API, as elsewhere) whose alerts go to `address`. */
async function organisationWithAlertsTo(address: string): Promise<string> {
  const { admin, parentId } = await createTenant('Mail');
  const response = await api.post(
    `/agent/organisations/${parentId}/settings`,
    { notification_email: address },
    { token: admin.token },
  );
  expect(response.status, response.text).toBe(200);
  return parentId;
}

/** Each refusal logs a warning; these tests expect refusals. */
const quietWarnings = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

const outboxRow = async (id: string) => (await db().select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

beforeEach(async () => {
  // The outbox has no API: each test starts from an empty one.
  await db().delete(emailOutbox);
});

afterEach(async () => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await Promise.all(servers.splice(0).map((server) => server.close()));
  vi.restoreAllMocks();
});

describe('email outbox over a real SMTP server', () => {
  it('sends what committed, never what rolled back, and only once', async () => {
    const server = await smtpServer();
    await db().transaction(async (tx) => {
      await enqueueEmail(tx, {
        kind: 'test',
        to: 'ann@example.com',
        subject: 'Your booking',
        text: 'Hello Ann',
        html: '<p>Hello <b>Ann</b></p>',
      });
      await enqueueEmail(tx, { kind: 'test', to: 'bob@example.com', subject: 'Your payment', text: 'Hello Bob' });
    });
    await expect(
      db().transaction(async (tx) => {
        await enqueueEmail(tx, { kind: 'test', to: 'ghost@example.com', subject: 'Never', text: 'Rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await deliverOutbox(db(), { limit: 10 })).toEqual({
      sent: 2,
      deliveredToMailbox: 0,
      retrying: 0,
      failed: 0,
      waiting: 0,
    });
    const bySubject = new Map(server.received.map((email) => [email.mail.subject, email]));
    expect([...bySubject.keys()].sort()).toEqual(['Your booking', 'Your payment']);
    const ann = bySubject.get('Your booking')!;
    expect(ann.envelopeTo).toEqual(['ann@example.com']);
    expect(ann.mail.text?.trim()).toBe('Hello Ann');
    expect(ann.mail.html).toContain('<p>Hello <b>Ann</b></p>');
    expect(ann.mail.from?.value[0]).toMatchObject({ name: 'travel-pay', address: 'no-reply@travel-pay.test' });
    const bob = bySubject.get('Your payment')!;
    expect(bob.envelopeTo).toEqual(['bob@example.com']);
    expect(bob.mail.text?.trim()).toBe('Hello Bob');
    expect(bob.mail.html).toBe(false);

    const rows = await db().select().from(emailOutbox);
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: expect.any(Date) });

    expect(await deliverOutbox(db(), { limit: 10 })).toMatchObject({ sent: 0 });
    expect(server.received).toHaveLength(2);
  });

  it('sends each email exactly once when several deliveries run at the same time', async () => {
    const server = await smtpServer({ dataDelayMs: 20 });
    process.env.EMAIL_FROM = 'Travel Co <mail@travel-co.test>';
    for (let i = 0; i < 12; i++)
      await enqueueEmail(db(), { kind: 'test', to: `p${i}@example.com`, subject: `Email ${i}`, text: `Body ${i}` });

    const runs = await Promise.all([1, 2, 3, 4].map(() => deliverOutbox(db(), { limit: 4 })));
    const sentByRuns = runs.reduce((sum, run) => sum + run.sent, 0);
    const rest = await deliverOutbox(db(), { limit: 12 });
    expect(sentByRuns + rest.sent).toBe(12);
    expect(await deliverOutbox(db(), { limit: 12 })).toMatchObject({ sent: 0 });

    const subjects = server.received.map((email) => email.mail.subject).sort();
    expect(subjects).toEqual(Array.from({ length: 12 }, (_, i) => `Email ${i}`).sort());
    expect(server.received[0]!.mail.from?.value[0]).toMatchObject({
      name: 'Travel Co',
      address: 'mail@travel-co.test',
    });
  });

  // Before issue 6 a refusal of any kind was retried on each run (every 5 s) and given up after 5
  // attempts, telling nobody: a 550 now fails at once, and a 451 backs off (tests below).
  it('fails an email the server refuses for good (550) at the first attempt, and tells its organisation', async () => {
    quietWarnings();
    const server = await smtpServer({ rejectRecipient: (address) => address.startsWith('bounce@') });
    const organisationId = await organisationWithAlertsTo('alerts@travel-co.test');
    const bounce = await enqueueEmail(db(), {
      organisationId,
      kind: 'payment-link',
      to: 'bounce@example.com',
      subject: 'Bounces',
      text: 'x',
    });
    await enqueueEmail(db(), { kind: 'test', to: 'fine@example.com', subject: 'Arrives', text: 'y' });

    expect(await deliverOutbox(db())).toMatchObject({ sent: 1, retrying: 0, failed: 1 });
    expect(await outboxRow(bounce.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      sentAt: null,
      nextAttemptAt: null,
      lastError: expect.stringContaining('550'),
    });
    const alerts = await emailsTo('alerts@travel-co.test');
    expect(alerts).toEqual([
      expect.objectContaining({
        organisationId,
        kind: 'alert:email-undeliverable',
        status: 'queued',
        subject: expect.stringContaining('bounce@example.com'),
      }),
    ]);
    expect(alerts[0]!.textBody).toContain('550');
    // The alert goes out on the next run; the refused email is never tried again.
    expect(await deliverOutbox(db())).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    expect(await deliverOutbox(db())).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
    expect(server.received.map((email) => email.envelopeTo[0])).toEqual(['fine@example.com', 'alerts@travel-co.test']);
  });

  it(`backs off on a temporary refusal (451), doubling from 1 minute, and fails after ${EMAIL_RETRY.maxAttempts} attempts with one alert`, async () => {
    quietWarnings();
    const server = await smtpServer({ rejectRecipient: (address) => (address.startsWith('busy@') ? 451 : false) });
    const organisationId = await organisationWithAlertsTo('alerts@travel-co.test');
    const busy = await enqueueEmail(db(), {
      organisationId,
      kind: 'payment-link',
      to: 'busy@example.com',
      subject: 'Busy',
      text: 'x',
    });
    const waits = retryDelaysMs(EMAIL_RETRY);
    expect(waits.slice(0, 3)).toEqual([60_000, 120_000, 240_000]);
    try {
      for (let attempt = 1; attempt < EMAIL_RETRY.maxAttempts; attempt++) {
        expect(await deliverOutbox(db()), `attempt ${attempt}`).toMatchObject({ sent: 0, retrying: 1, failed: 0 });
        const row = await outboxRow(busy.id);
        expect(row, `attempt ${attempt}`).toMatchObject({
          status: 'queued',
          attempts: attempt,
          claimedAt: null,
          lastError: expect.stringContaining('451'),
        });
        const wait = waits[attempt - 1]!;
        expect(row.nextAttemptAt!.getTime() - now().getTime(), `attempt ${attempt}`).toBeGreaterThan(wait - 5_000);
        expect(row.nextAttemptAt!.getTime() - now().getTime(), `attempt ${attempt}`).toBeLessThanOrEqual(wait);
        // Not due yet: runs before its time leave it alone.
        expect(await deliverOutbox(db()), `attempt ${attempt}`).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
        await advanceClock(db(), { seconds: wait / 1000 - 10 });
        expect(await deliverOutbox(db()), `attempt ${attempt}`).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
        await advanceClock(db(), { seconds: 10 });
      }
      expect(await deliverOutbox(db())).toMatchObject({ sent: 0, retrying: 0, failed: 1 });
      expect(await outboxRow(busy.id)).toMatchObject({
        status: 'failed',
        attempts: EMAIL_RETRY.maxAttempts,
        nextAttemptAt: null,
        lastError: expect.stringContaining('451'),
      });
      expect(await emailsTo('alerts@travel-co.test')).toEqual([
        expect.objectContaining({ kind: 'alert:email-undeliverable', status: 'queued' }),
      ]);
      expect(await deliverOutbox(db())).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
      expect(server.received.map((email) => email.envelopeTo[0])).toEqual(['alerts@travel-co.test']);
    } finally {
      await resetClock(db());
    }
  });

  it('never alerts about an alert: an undeliverable alert just fails', async () => {
    quietWarnings();
    await smtpServer({ rejectRecipient: (address) => address.startsWith('bounce') });
    const organisationId = await organisationWithAlertsTo('bounce-alerts@travel-co.test');
    await enqueueEmail(db(), {
      organisationId,
      kind: 'payment-link',
      to: 'bounce@example.com',
      subject: 'Bounces',
      text: 'x',
    });
    expect(await deliverOutbox(db())).toMatchObject({ failed: 1 });
    expect(await deliverOutbox(db())).toMatchObject({ failed: 1 });
    expect(await deliverOutbox(db())).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
    const rows = await db().select().from(emailOutbox);
    expect(rows.map((row) => [row.kind, row.status]).sort()).toEqual([
      ['alert:email-undeliverable', 'failed'],
      ['payment-link', 'failed'],
    ]);
  });

  it('backs off when the server cannot be reached', async () => {
    quietWarnings();
    const gone = await startSmtpServer();
    await gone.close();
    process.env.SMTP_URL = gone.url;
    const { id } = await enqueueEmail(db(), { kind: 'test', to: 'someone@example.com', subject: 'Later', text: 'x' });
    expect(await deliverOutbox(db())).toMatchObject({ sent: 0, retrying: 1, failed: 0 });
    expect(await outboxRow(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      nextAttemptAt: expect.any(Date),
      lastError: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('takes over a claim older than 10 minutes, and leaves a recent one alone', async () => {
    const server = await smtpServer();
    const stale = await enqueueEmail(db(), {
      kind: 'test',
      to: 'stale@example.com',
      subject: 'Stale claim',
      text: 'x',
    });
    const fresh = await enqueueEmail(db(), {
      kind: 'test',
      to: 'fresh@example.com',
      subject: 'Fresh claim',
      text: 'y',
    });
    const abandoned = await enqueueEmail(db(), {
      kind: 'test',
      to: 'dead@example.com',
      subject: 'Abandoned',
      text: 'z',
    });
    await db()
      .update(emailOutbox)
      .set({ claimedAt: sql`now() - interval '11 minutes'`, attempts: 1 })
      .where(eq(emailOutbox.id, stale.id));
    await db()
      .update(emailOutbox)
      .set({ claimedAt: sql`now() - interval '1 minute'`, attempts: 1 })
      .where(eq(emailOutbox.id, fresh.id));
    await db()
      .update(emailOutbox)
      .set({ claimedAt: sql`now() - interval '11 minutes'`, attempts: EMAIL_RETRY.maxAttempts })
      .where(eq(emailOutbox.id, abandoned.id));

    expect(await deliverOutbox(db())).toMatchObject({ sent: 1, failed: 1 });
    expect(server.received.map((email) => email.mail.subject)).toEqual(['Stale claim']);
    expect(await outboxRow(stale.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await outboxRow(fresh.id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await outboxRow(abandoned.id)).toMatchObject({ status: 'failed', attempts: EMAIL_RETRY.maxAttempts + 1 });
  });

  it('keeps one transport per SMTP_URL', () => {
    expect(smtpTransport('smtp://127.0.0.1:2525')).toBe(smtpTransport('smtp://127.0.0.1:2525'));
    expect(smtpTransport('smtp://127.0.0.1:2526')).not.toBe(smtpTransport('smtp://127.0.0.1:2525'));
  });
});

describe('email outbox without SMTP_URL', () => {
  it('delivers to the sandbox mailbox in sandbox mode', async () => {
    delete process.env.SMTP_URL;
    const { id } = await enqueueEmail(db(), {
      kind: 'test',
      to: 'box@example.com',
      subject: 'To the mailbox',
      text: 'x',
    });
    expect(await deliverOutbox(db())).toMatchObject({ deliveredToMailbox: 1, sent: 0 });
    expect(await outboxRow(id)).toMatchObject({
      status: 'delivered_to_mailbox',
      attempts: 1,
      sentAt: expect.any(Date),
    });
    expect(await deliverOutbox(db())).toMatchObject({ deliveredToMailbox: 0 });
  });

  it('leaves emails queued in production mode and warns once per run', async () => {
    delete process.env.SMTP_URL;
    process.env.MODE = 'production';
    process.env.ADYEN_API_KEY = 'test-key';
    process.env.ADYEN_MERCHANT_ACCOUNT = 'TestMerchant';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = await enqueueEmail(db(), { kind: 'test', to: 'a@example.com', subject: 'Waits', text: 'x' });
    await enqueueEmail(db(), { kind: 'test', to: 'b@example.com', subject: 'Waits too', text: 'y' });
    expect(await deliverOutbox(db())).toEqual({ sent: 0, deliveredToMailbox: 0, retrying: 0, failed: 0, waiting: 2 });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('SMTP_URL is not set');
    expect(await outboxRow(first.id)).toMatchObject({ status: 'queued', attempts: 0, claimedAt: null });
  });
});
