import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * Issue 16 item 7: redirect and logo URLs are https only in production, and never carry
 * a user name or password (https://bank.example@evil.example/ goes to evil.example).
 */
const link = (organisation: string, extra: Record<string, unknown>) => ({
  organisation,
  customer_name: 'Jane',
  email: 'jane@example.com',
  amount: 1000,
  ...extra,
});

describe('redirect and logo URLs', () => {
  const mode = process.env.MODE;
  afterEach(() => {
    process.env.MODE = mode;
  });

  it('production: http is refused for success, failure and cancel URLs and the logo; https passes', async () => {
    const { admin, parentId } = await createTenant('UrlProd');
    process.env.MODE = 'production';
    for (const field of ['success_url', 'failure_url', 'cancel_url']) {
      for (const kind of ['/agent/payment-links', '/agent/ecommerce']) {
        const refused = await api.put(kind, link(parentId, { [field]: 'http://agent.example.com/back' }), {
          token: admin.token,
        });
        expect(refused.status, `${kind} ${field}`).toBe(422);
        expect(refused.body.errors[0]).toMatchObject({
          code: 'validation.invalid_format',
          message: `${field} must be an https URL.`,
        });
      }
    }
    const logo = await api.post(
      `/agent/organisations/${parentId}/settings`,
      { logo_url: 'http://cdn.example.com/logo.png' },
      { token: admin.token },
    );
    expect(logo.status).toBe(422);
    expect(logo.body.errors[0].message).toBe('logo_url must be an https URL.');
    const ok = await api.put('/agent/payment-links', link(parentId, { success_url: 'https://agent.example.com/ok' }), {
      token: admin.token,
    });
    expect(ok.status, ok.text).toBe(200);
    expect(
      (
        await api.post(
          `/agent/organisations/${parentId}/settings`,
          { logo_url: 'https://cdn.example.com/logo.png' },
          { token: admin.token },
        )
      ).status,
    ).toBe(200);
  });

  it('every mode: a user name or password in the URL is refused; the sandbox still takes http (a developer’s localhost)', async () => {
    const { admin, parentId } = await createTenant('UrlUser');
    for (const mode of ['production', 'sandbox']) {
      process.env.MODE = mode;
      for (const url of [
        'https://bank.example@evil.example/ok',
        'https://user:secret@agent.example.com/',
        'https://:secret@agent.example.com/',
      ]) {
        const refused = await api.put('/agent/payment-links', link(parentId, { cancel_url: url }), {
          token: admin.token,
        });
        expect(refused.status, `${mode} ${url}`).toBe(422);
        expect(refused.body.errors[0].message).toBe('cancel_url must not hold a user name or password (user@host).');
        const logo = await api.post(
          `/agent/organisations/${parentId}/settings`,
          { logo_url: url },
          { token: admin.token },
        );
        expect(logo.status, `${mode} logo ${url}`).toBe(422);
      }
    }
    process.env.MODE = 'sandbox';
    const local = await api.put('/agent/payment-links', link(parentId, { success_url: 'http://localhost:8080/ok' }), {
      token: admin.token,
    });
    expect(local.status, local.text).toBe(200);
  });
});
