import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '@/lib/db/schema';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { listMailbox } from '@/lib/email/list-mailbox';
import { MAILBOX_PAGE_SIZE, mailboxPage } from '@/lib/email/mailbox';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';

const database = withTestDatabase();
const db = () => database.current().db;

/** created_at has millisecond precision: a pause keeps "newest first" unambiguous. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

beforeEach(async () => {
  await db().delete(emailOutbox);
});

describe('sandbox mailbox listing', () => {
  it('lists every email newest first, a page at a time, filtered by recipient', async () => {
    for (let i = 1; i <= 5; i++) {
      await tick();
      await enqueueEmail(db(), {
        kind: 'test',
        to: i % 2 ? `Odd.${i}@Example.com` : `even.${i}@example.com`,
        subject: `Email ${i}`,
        text: `Body ${i}`,
        html: `<p>${i}</p>`,
      });
    }
    const first = await listMailbox(db(), { skip: 0, take: 2 });
    expect(first.emails.map((email) => email.subject)).toEqual(['Email 5', 'Email 4']);
    expect(first.hasMore).toBe(true);
    expect(first.emails[0]).toMatchObject({
      to: 'Odd.5@Example.com',
      kind: 'test',
      text: 'Body 5',
      html: '<p>5</p>',
      status: 'queued',
      createdAt: expect.any(Date),
    });
    const last = await listMailbox(db(), { skip: 4, take: 2 });
    expect(last.emails.map((email) => email.subject)).toEqual(['Email 1']);
    expect(last.hasMore).toBe(false);

    const odd = await listMailbox(db(), { to: 'odd.', skip: 0, take: 10 });
    expect(odd.emails.map((email) => email.subject)).toEqual(['Email 5', 'Email 3', 'Email 1']);
    // The user's % is a plain character, not a wildcard.
    expect((await listMailbox(db(), { to: '%', skip: 0, take: 10 })).emails).toEqual([]);
  });

  it('pages by 50 for the mailbox page', async () => {
    for (let i = 0; i < MAILBOX_PAGE_SIZE + 1; i++) {
      await tick();
      await enqueueEmail(db(), { kind: 'test', to: `p${i}@example.com`, subject: `S${i}`, text: 'x' });
    }
    const page1 = await mailboxPage({ page: 1 });
    expect(page1.emails).toHaveLength(50);
    expect(page1.hasMore).toBe(true);
    const page2 = await mailboxPage({ page: 2 });
    expect(page2.emails.map((email) => email.subject)).toEqual(['S0']);
    expect(page2.hasMore).toBe(false);
  });
});

describe('POST /api/sandbox/emails/test', () => {
  it('queues a test email for the given address', async () => {
    const { admin, parentId } = await createTenant();
    const response = await api.post('/sandbox/emails/test', { to: 'dev@example.com' }, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: expect.any(String),
      to: 'dev@example.com',
      subject: 'travel-pay sandbox test email',
      status: 'queued',
    });
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, response.body.data.id));
    expect(row).toMatchObject({
      kind: 'sandbox-test',
      toAddress: 'dev@example.com',
      organisationId: parentId,
      status: 'queued',
    });
    expect(row!.textBody).toContain('/sandbox/mailbox');
    expect(row!.htmlBody).toContain('<strong>travel-pay sandbox</strong>');
  });

  it('needs a token and a valid address', async () => {
    const { admin } = await createTenant();
    expect((await api.post('/sandbox/emails/test', { to: 'dev@example.com' })).status).toBe(401);
    const missing = await api.post('/sandbox/emails/test', {}, { token: admin.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ code: 'validation.required', message: 'to is required.' });
    const invalid = await api.post('/sandbox/emails/test', { to: 'not-an-address' }, { token: admin.token });
    expect(invalid.body.errors[0]).toMatchObject({
      code: 'validation.invalid_format',
      message: 'to must be a valid email address.',
    });
    expect(await db().select().from(emailOutbox)).toEqual([]);
  });
});

describe('GET /api/sandbox/emails/{id}/html (the mailbox frame)', () => {
  it('answers the HTML part as its own document, whose policy allows inline styles and nothing that runs', async () => {
    const { id } = await enqueueEmail(db(), {
      kind: 'test',
      to: 'frame@example.com',
      subject: 'Framed',
      text: 'x',
      html: '<p style="color:#123456">Framed</p>',
    });
    const response = await api.get(`/sandbox/emails/${id}/html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.text).toBe('<p style="color:#123456">Framed</p>');
    const policy = response.headers.get('content-security-policy')!.split('; ');
    expect(policy).toEqual(expect.arrayContaining(["default-src 'none'", "style-src 'unsafe-inline'", 'sandbox']));
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy.some((directive) => directive.startsWith('script-src'))).toBe(false);
  });

  it('answers 404 for an unknown id, an email without HTML, and in production', async () => {
    const { id } = await enqueueEmail(db(), { kind: 'test', to: 'plain@example.com', subject: 'Plain', text: 'x' });
    expect((await api.get(`/sandbox/emails/${id}/html`)).status).toBe(404);
    expect((await api.get('/sandbox/emails/not-a-uuid/html')).status).toBe(404);
    const withHtml = await enqueueEmail(db(), {
      kind: 'test',
      to: 'p@example.com',
      subject: 'S',
      text: 'x',
      html: '<p/>',
    });
    const mode = process.env.MODE;
    process.env.MODE = 'production';
    try {
      const response = await api.get(`/sandbox/emails/${withHtml.id}/html`);
      expect(response.status).toBe(404);
      expect(response.body.errors[0].code).toBe('route.not_found');
    } finally {
      if (mode === undefined) delete process.env.MODE;
      else process.env.MODE = mode;
    }
  });
});
