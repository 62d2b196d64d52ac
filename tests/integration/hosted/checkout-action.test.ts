import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicBaseUrl } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { approvals, transactions } from '@/lib/db/schema';
import { SandboxProcessor } from '@/lib/payments/processor';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { bookingWithSavedCard, createLinkVia } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { actionRequest, catalog, redirectOf } from '../support/action-request';

/*
 * The checkout's action wrapper (app/[locale]/checkout-action.ts; issue 16 items 4, 16 and 20),
 * through the actions the pages post: the Origin, the page's own id, the portal host's
 * organisation, zod, and every error mapped to a form state or the refusal page.
 * support/action-request.ts stands in for Next's request scope (what proxy.ts forwards).
 */
vi.mock('next/headers', async () => (await import('../support/action-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/action-request')).nextNavigation);
vi.mock('next-intl/server', async () => (await import('../support/action-request')).nextIntlServer);

const { payByCardAction, startOpenBankingAction, cancelAction } =
  await import('@/app/[locale]/[payment_link_id]/actions');
const { cardCheckAction, checkoutStateAction } =
  await import('@/app/[locale]/[payment_link_id]/card-entry/card-check-action');
const { decideApprovalAction } = await import('@/app/[locale]/approvals/[approval_id]/actions');
const { initiatePayAllowed } = await import('@/app/[locale]/embed/[ecommerce_id]/embed-actions');

withTestDatabase();
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const refused = (reason: string, locale = 'en-GB') => catalog(locale, 'ActionRefused')[reason]!;

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}
const cardForm = (linkId: string, extra: Record<string, string> = {}) =>
  form({
    locale: 'en-GB',
    linkId,
    number: '4111 1111 1111 1111',
    expiry: '12/34',
    cvc: '123',
    name: 'Jane Traveller',
    ...extra,
  });

const attemptsOn = async (id: string) =>
  (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, id));

/** Two organisations with a link each: A's portal domain must never act on B's. */
async function twoOrganisations() {
  const a = await createTenant('Alpha');
  const b = await createTenant('Bravo');
  return {
    orgA: a.parentId,
    linkA: await createLinkVia(a.admin.token, a.parentId),
    linkB: await createLinkVia(b.admin.token, b.parentId),
  };
}

describe("the page's own id, and the portal host's organisation (item 4)", () => {
  it("on A's portal domain, the card form of A's link posting B's linkId is refused, and nothing is paid", async () => {
    const { orgA, linkA, linkB } = await twoOrganisations();
    actionRequest(`/${linkA}`, { hostOrganisation: orgA });
    expect(await payByCardAction(null, cardForm(linkB))).toEqual({ ok: false, formError: refused('page') });
    expect(await attemptsOn(linkB)).toEqual([]);
    expect(await attemptsOn(linkA)).toEqual([]);
  });

  it("on A's portal domain, B's link page is refused even when the body agrees with it", async () => {
    const { orgA, linkB } = await twoOrganisations();
    actionRequest(`/fr/${linkB}`, { hostOrganisation: orgA });
    expect(await payByCardAction(null, cardForm(linkB))).toEqual({ ok: false, formError: refused('host', 'fr') });
    expect(await attemptsOn(linkB)).toEqual([]);
    // The same post on the main host pays: the refusal was the host's.
    actionRequest(`/fr/${linkB}`);
    expect(await redirectOf(payByCardAction(null, cardForm(linkB)))).toMatch(new RegExp(`^/fr/${linkB}/success$`));
    expect(await attemptsOn(linkB)).toEqual([expect.objectContaining({ status: 'COMPLETE' })]);
  });

  it("the link paid is the page's: a form without linkId pays the page's link", async () => {
    const { linkA } = await twoOrganisations();
    actionRequest(`/${linkA}`);
    const fields = cardForm(linkA);
    fields.delete('linkId');
    expect(await redirectOf(payByCardAction(null, fields))).toBe(`/${linkA}/success`);
    expect(await attemptsOn(linkA)).toEqual([expect.objectContaining({ status: 'COMPLETE' })]);
  });

  it("the card check reads no facts of another organisation's link from A's portal domain, nor of another page's", async () => {
    const { orgA, linkA, linkB } = await twoOrganisations();
    const lookup = { bin: '37000000', lastFour: '0002' };
    actionRequest(`/${linkB}`, { hostOrganisation: orgA });
    expect(await cardCheckAction({ linkId: linkB, ...lookup })).toEqual({ status: 'unknown' });
    actionRequest(`/${linkA}`, { hostOrganisation: orgA });
    expect(await cardCheckAction({ linkId: linkB, ...lookup })).toEqual({ status: 'unknown' });
    expect(await checkoutStateAction(linkB)).toBe('not_found');
    // A's own link on its own domain: the facts.
    expect(await cardCheckAction({ linkId: linkA, ...lookup })).toMatchObject({
      status: 'accepted',
      card: { brand: 'AMEX', lastFour: '0002' },
    });
    expect(await checkoutStateAction(linkA)).toBe('active');
  });

  it("pay by bank and cancel with another page's linkId go to the refusal page; nothing starts", async () => {
    const { linkA, linkB } = await twoOrganisations();
    actionRequest(`/de/${linkA}`);
    expect(await redirectOf(startOpenBankingAction(form({ locale: 'de', linkId: linkB })))).toBe(
      '/de/form-refused?reason=page',
    );
    expect(await redirectOf(cancelAction(form({ locale: 'de', linkId: linkB })))).toBe('/de/form-refused?reason=page');
    expect(await attemptsOn(linkB)).toEqual([]);
    // An action posted from a page that is not a checkout page (the portal's, the home page) runs nothing either.
    actionRequest(`/groups/${linkA}`);
    expect(await redirectOf(startOpenBankingAction(form({ linkId: linkA })))).toBe('/form-refused?reason=page');
    expect(await attemptsOn(linkA)).toEqual([]);
  });

  it('an approval is decided only from its own page', async () => {
    const { admin, parentId } = await createTenant();
    await api.post(
      `/agent/organisations/${parentId}/settings`,
      { approval_links_enabled: true },
      { token: admin.token },
    );
    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 4200, date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) },
      { token: admin.token },
    );
    const sent = (await api.post(`/agent/bookings/${bookingId}/approval-link`, {}, { token: admin.token })).body
      .data as { url: string };
    const approvalId = /approvals\/([0-9a-f-]{36})$/.exec(sent.url)![1]!;
    const other = crypto.randomUUID();
    const decided = async () =>
      (await (await getDb()).select().from(approvals).where(eq(approvals.id, approvalId)))[0]!.decidedAt;

    actionRequest(`/approvals/${other}`);
    expect(await redirectOf(decideApprovalAction(form({ approvalId, decision: 'approve' })))).toBe(
      '/form-refused?reason=page',
    );
    expect(await decided()).toBeNull();
    actionRequest(`/approvals/${approvalId}`);
    expect(await redirectOf(decideApprovalAction(form({ approvalId, decision: 'maybe' })))).toBe(
      '/form-refused?reason=invalid',
    );
    expect(await decided()).toBeNull();
    expect(await redirectOf(decideApprovalAction(form({ approvalId, decision: 'approve' })))).toBe(
      `/approvals/${approvalId}`,
    );
    expect(await decided()).not.toBeNull();
  });

  it("INITIATE_PAY's key check answers only for the embed page's own session", async () => {
    const { admin, parentId } = await createTenant();
    const session = async () =>
      (
        await api.put(
          '/agent/ecommerce',
          { organisation: parentId, customer_name: 'Eve', email: 'eve@example.com', amount: 4999 },
          { token: admin.token },
        )
      ).body.data.id as string;
    const [mine, other] = [await session(), await session()];
    actionRequest(`/embed/${mine}`);
    expect(await initiatePayAllowed(mine, admin.publicKey)).toBe(true);
    expect(await initiatePayAllowed(other, admin.publicKey)).toBe(false);
    actionRequest(`/${mine}`);
    expect(await initiatePayAllowed(mine, admin.publicKey)).toBe(false);
  });
});

describe('the Origin (item 16)', () => {
  const port = () => new URL(publicBaseUrl()).port || '80';

  it('sandbox: a loopback alias of PUBLIC_BASE_URL (same port) pays; any other origin, or none, is refused naming the expected one', async () => {
    expect(new URL(publicBaseUrl()).hostname).toBe('localhost');
    const { linkA } = await twoOrganisations();
    actionRequest(`/${linkA}`, { origin: 'http://elsewhere.example' });
    const state = await payByCardAction(null, cardForm(linkA));
    expect(state).toEqual({
      ok: false,
      formError: catalog('en-GB', 'ActionRefused').originSandbox!.replaceAll('{expected}', publicBaseUrl()),
    });
    actionRequest(`/${linkA}`, { origin: null });
    expect(await payByCardAction(null, cardForm(linkA))).toEqual(state);
    actionRequest(`/${linkA}`, { origin: `http://127.0.0.1:${Number(port()) + 1}` });
    expect(await payByCardAction(null, cardForm(linkA))).toEqual(state);
    expect(await attemptsOn(linkA)).toEqual([]);

    actionRequest(`/${linkA}`, { origin: `http://127.0.0.1:${port()}` });
    expect(await redirectOf(payByCardAction(null, cardForm(linkA)))).toBe(`/${linkA}/success`);
    expect(await attemptsOn(linkA)).toEqual([expect.objectContaining({ status: 'COMPLETE' })]);
  });

  it('production: no loopback alias, and the refusal names no address', async () => {
    const { linkA } = await twoOrganisations();
    vi.stubEnv('MODE', 'production');
    actionRequest(`/${linkA}`, { origin: `http://127.0.0.1:${port()}` });
    expect(await payByCardAction(null, cardForm(linkA))).toEqual({ ok: false, formError: refused('origin') });
    actionRequest(`/${linkA}`, { origin: `http://[::1]:${port()}` });
    expect(await redirectOf(cancelAction(form({ linkId: linkA })))).toBe('/form-refused?reason=origin');
    expect(await attemptsOn(linkA)).toEqual([]);
  });
});

describe('every error mapped (item 20)', () => {
  it("an unexpected error is the form's error in the page's language, logged without its message", async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { surcharging_enabled: true });
    vi.spyOn(SandboxProcessor.prototype, 'lookupCard').mockRejectedValue(new TypeError('secret jane@example.com 4111'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    actionRequest(`/it/${link}`);
    expect(await payByCardAction(null, cardForm(link))).toEqual({ ok: false, formError: refused('unexpected', 'it') });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"class":"TypeError"'));
    expect(JSON.stringify(log.mock.calls)).not.toMatch(/secret|jane@|4111/);
  });

  it('a form the schema refuses is a form error; the card check answers unknown', async () => {
    const { linkA } = await twoOrganisations();
    actionRequest(`/${linkA}`);
    expect(await payByCardAction(null, cardForm(linkA, { acceptDcc: 'perhaps' }))).toEqual({
      ok: false,
      formError: refused('invalid'),
    });
    expect(await payByCardAction(null, cardForm(linkA, { covered: 'not-a-uuid' }))).toEqual({
      ok: false,
      formError: refused('invalid'),
    });
    expect(await cardCheckAction({ linkId: linkA, bin: '4111111111111111' })).toEqual({ status: 'unknown' });
    expect(await attemptsOn(linkA)).toEqual([]);
  });
});
