import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import { ProcessorError, SandboxProcessor } from '@/lib/payments/processor';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createLinkVia } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { actionRequest, catalog } from '../support/action-request';

/* The card form's server action, as the page posts it (support/action-request.ts stands in for Next's request scope). */
vi.mock('next/headers', async () => (await import('../support/action-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/action-request')).nextNavigation);
vi.mock('next-intl/server', async () => (await import('../support/action-request')).nextIntlServer);

const { payByCardAction } = await import('@/app/[locale]/[payment_link_id]/actions');

withTestDatabase();
afterEach(() => vi.restoreAllMocks());

function cardForm(linkId: string, locale: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  const fields = {
    locale,
    linkId,
    number: '4111 1111 1111 1111',
    expiry: '12/34',
    cvc: '123',
    name: 'Jane Traveller',
    ...extra,
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const attemptsOn = async (id: string) =>
  (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, id));

describe("the card action answers refusals as form errors in the customer's language (issue 15)", () => {
  it.each(['fr', 'ar'])(
    'a card lookup that fails: the form stays with the %s message, the attempt is recorded, nothing throws',
    async (locale) => {
      const { admin, parentId } = await createTenant();
      const link = await createLinkVia(admin.token, parentId, { surcharging_enabled: true });
      vi.spyOn(SandboxProcessor.prototype, 'lookupCard').mockRejectedValue(new ProcessorError('Adyen 503', true));
      actionRequest(`/${locale}/${link}`);
      const state = await payByCardAction(null, cardForm(link, locale));
      expect(state).toEqual({ ok: false, formError: catalog(locale, 'CardFacts').lookupFailed });
      expect(await attemptsOn(link)).toEqual([
        expect.objectContaining({ status: 'FAILED', failureReason: 'card_lookup_failed' }),
      ]);
    },
  );

  it("the embed's MOTO flag on a session that does not allow it: a clear message, nothing recorded", async () => {
    const { admin, parentId } = await createTenant();
    const created = await api.put(
      '/agent/ecommerce',
      { organisation: parentId, customer_name: 'Eve', email: 'eve@example.com', amount: 4999 },
      { token: admin.token },
    );
    const id = created.body.data.id as string;
    actionRequest(`/embed/${id}`);
    const state = await payByCardAction(
      null,
      cardForm(id, 'en-GB', { surface: 'embed', embedFlags: 'method=MOTO_IN_PERSON' }),
    );
    expect(state).toEqual({
      ok: false,
      formError: expect.stringMatching(/^Telephone and mail order \(MOTO\) payments are not allowed for this payment/),
    });
    expect((state as { formError: string }).formError).toContain('Tenant Travel');
    expect(await attemptsOn(id)).toEqual([]);
  });

  it("an allowed session's MOTO payment goes on to the result page", async () => {
    const { admin, parentId } = await createTenant();
    const created = await api.put(
      '/agent/ecommerce',
      { organisation: parentId, customer_name: 'Eve', email: 'eve@example.com', amount: 4999, moto_enabled: true },
      { token: admin.token },
    );
    const id = created.body.data.id as string;
    actionRequest(`/embed/${id}`);
    await expect(
      payByCardAction(null, cardForm(id, 'en-GB', { surface: 'embed', embedFlags: 'method=MOTO_IN_PERSON' })),
    ).rejects.toThrow(/NEXT_REDIRECT \/embed\//);
    expect(await attemptsOn(id)).toEqual([expect.objectContaining({ status: 'COMPLETE', method: 'MOTO_IN_PERSON' })]);
  });
});
