import QRCode from 'qrcode';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { auditRecords, emailOutbox } from '@/lib/db/schema';
import { hostedLinkQr } from '@/lib/core/payment-links/hosted-link-qr';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant, tokenFor } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { svgModules } from './qr-modules';

/*
 * POST /agent/payment-links/{id}/send and the link's QR code (docs/api-extensions.md "Sending a payment link",
 * "QR code of a payment link").
 */
withTestDatabase();
afterEach(async () => resetClock(await getDb()));

const send = (token: string, id: string, body: unknown = {}) =>
  api.post(`/agent/payment-links/${id}/send`, body, { token });
const emailsOf = async (id: string) =>
  (await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.kind, 'payment-link'))).filter((e) =>
    e.textBody.includes(id),
  );

describe('sending a payment link', () => {
  it("emails the link to its customer in the envelope, audited; `email` and `locale` override the customer's", async () => {
    const tenant = await createTenant('Send');
    const id = await createLinkVia(tenant.admin.token, tenant.parentId, { description: 'Deposit, Lisbon' });
    const response = await send(tenant.admin.token, id);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ payment_link_id: id, email: 'jane@example.com', locale: 'en-GB' });
    const [email] = await emailsOf(id);
    expect(email).toMatchObject({
      toAddress: 'jane@example.com',
      subject: 'Send Travel: your payment link for £100.00',
    });
    expect(email!.textBody).toContain('Deposit, Lisbon');
    expect(email!.htmlBody).toContain(`http://localhost:3000/${id}`);

    const other = await send(tenant.admin.token, id, { email: 'desk@example.com', locale: 'fr' });
    expect(other.body.data).toMatchObject({ email: 'desk@example.com', locale: 'fr' });
    const french = (await emailsOf(id)).find((e) => e.toAddress === 'desk@example.com')!;
    expect(french.subject).toMatch(/^Send Travel : votre lien de paiement pour 100,00/);
    const audits = await (
      await getDb()
    )
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.type, 'payment-link:send'), eq(auditRecords.entityId, id)));
    expect(audits).toHaveLength(2);
  });

  it('refuses a paid link, an expired one, a bad address, and a sixth send in 24 hours', async () => {
    const tenant = await createTenant('Refuse');
    const token = tenant.admin.token;
    const paid = await createLinkVia(token, tenant.parentId);
    expect(await pay(paid, cards.visa)).toMatchObject({ outcome: 'paid' });
    const refused = await send(token, paid);
    expect([refused.status, refused.body.errors[0].code]).toEqual([409, 'checkout.already_paid']);

    const badAddress = await send(token, await createLinkVia(token, tenant.parentId), { email: 'not-an-address' });
    expect([badAddress.status, badAddress.body.errors[0].code]).toEqual([422, 'validation.invalid_format']);

    const busy = await createLinkVia(token, tenant.parentId);
    for (let i = 0; i < 5; i++) expect((await send(token, busy)).status).toBe(200);
    const limited = await send(token, busy);
    expect([limited.status, limited.body.errors[0].code]).toEqual([429, 'payment_link.send_rate_limited']);
    expect(await emailsOf(busy)).toHaveLength(5);
    // A day later the link may be sent again.
    await advanceClock(await getDb(), { seconds: 86_401 });
    expect((await send(token, busy)).status).toBe(200);

    const expired = await createLinkVia(token, tenant.parentId, {
      expires_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    await advanceClock(await getDb(), { seconds: 3 * 86_400 });
    // A token of the moved clock (the first one has expired meanwhile).
    const later = await tokenFor(tenant.admin.publicKey, tenant.admin.privateKey);
    const late = await send(later, expired);
    expect([late.status, late.body.errors[0].code]).toEqual([409, 'checkout.expired']);
    const qr = await api.get(`/agent/payment-links/${expired}/qr.svg`, { token: later });
    expect([qr.status, qr.body.errors[0].code]).toEqual([409, 'checkout.expired']);
  });

  it("keeps another organisation's link out of reach", async () => {
    const [owner, stranger] = [await createTenant('Owner'), await createTenant('Stranger')];
    const id = await createLinkVia(owner.admin.token, owner.parentId);
    expect((await send(stranger.admin.token, id)).status).toBe(404);
    expect((await api.get(`/agent/payment-links/${id}/qr.svg`, { token: stranger.admin.token })).status).toBe(404);
    expect(await emailsOf(id)).toHaveLength(0);
  });
});

describe("a payment link's QR code", () => {
  it("is an SVG of exactly the link's url, through the API and on the hosted page", async () => {
    const tenant = await createTenant('Shop');
    const id = await createLinkVia(tenant.admin.token, tenant.parentId);
    const url = (await api.get(`/agent/payment-links/${id}`, { token: tenant.admin.token })).body.data.url;
    const response = await api.get(`/agent/payment-links/${id}/qr.svg`, { token: tenant.admin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    // Read back: the dark modules the SVG draws are those of the QR code of the url, and of no other address.
    const expected = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    expect(svgModules(response.text, 2)).toEqual(matrix(expected));
    expect(svgModules(response.text, 2)).not.toEqual(
      matrix(QRCode.create(`${url}x`, { errorCorrectionLevel: 'M' }).modules),
    );
    // The hosted page draws the same code, while the link can be paid; not once it is paid.
    const page = await hostedLinkQr(id);
    expect(page).toMatchObject({ url, state: 'active', svg: response.text });
    expect(await pay(id, cards.visa)).toMatchObject({ outcome: 'paid' });
    expect(await hostedLinkQr(id)).toMatchObject({ state: 'paid', svg: null });
    expect((await api.get(`/agent/payment-links/${id}/qr.svg`, { token: tenant.admin.token })).status).toBe(409);
  });
});

/** The library's module matrix as rows of booleans (dark = true). */
function matrix(modules: { size: number; get: (row: number, col: number) => number | boolean }): boolean[][] {
  return Array.from({ length: modules.size }, (_, r) =>
    Array.from({ length: modules.size }, (_, c) => Boolean(modules.get(r, c))),
  );
}
