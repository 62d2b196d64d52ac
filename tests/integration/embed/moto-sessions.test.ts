import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadHostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { getDb } from '@/lib/db/client';
import { organisations, transactions } from '@/lib/db/schema';
import { SandboxProcessor } from '@/lib/payments/processor';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();
afterEach(() => vi.restoreAllMocks());

const session = { customer_name: 'Eve Traveller', email: 'eve@example.com', amount: 4999 };

async function createSession(token: string, organisation: string, extra: Record<string, unknown> = {}) {
  const response = await api.put('/agent/ecommerce', { organisation, ...session, ...extra }, { token });
  expect(response.status, response.text).toBe(200);
  return response.body.data.id as string;
}

const attemptsOn = async (id: string) =>
  (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, id));
const moto = { transactionMethod: 'MOTO_IN_PERSON' as const, ipAddress: '198.51.100.7' };

describe('MOTO only where the merchant allowed it for the session (issue 15, defect 9)', () => {
  it('the API takes moto_enabled on an ecommerce session and shows it; a payment link refuses it', async () => {
    const { admin, parentId } = await createTenant();
    const plain = await createSession(admin.token, parentId);
    const allowed = await createSession(admin.token, parentId, { moto_enabled: true });
    expect((await api.get(`/agent/ecommerce/${plain}`, { token: admin.token })).body.data.options.moto_enabled).toBe(
      false,
    );
    expect((await api.get(`/agent/ecommerce/${allowed}`, { token: admin.token })).body.data.options.moto_enabled).toBe(
      true,
    );
    const link = await api.put(
      '/agent/payment-links',
      { organisation: parentId, ...session, moto_enabled: true },
      { token: admin.token },
    );
    expect(link.status).toBe(422);
    expect(link.text).toMatch(/moto_enabled applies only to ecommerce sessions/);
  });

  it('the MOTO flag on a session that does not allow it is refused with a clear message, and nothing is recorded', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createSession(admin.token, parentId);
    const authorise = vi.spyOn(SandboxProcessor.prototype, 'authorise');
    const outcome = await pay(id, cards.visa, moto);
    expect(outcome).toEqual({
      outcome: 'not_allowed',
      reason: 'moto_not_allowed',
      message: expect.stringMatching(/does not allow MOTO payments/),
    });
    expect(await attemptsOn(id)).toEqual([]);
    expect(authorise).not.toHaveBeenCalled();
    // The page knows it too, and shows the refusal instead of a form (embed-checkout.tsx).
    expect((await loadHostedCheckout(await getDb(), id, 'ecommerce'))?.motoAllowed).toBe(false);
    // Without the flag the same session is paid online.
    expect(await pay(id, cards.visa)).toMatchObject({ outcome: 'paid' });
    expect(await attemptsOn(id)).toEqual([expect.objectContaining({ status: 'COMPLETE', method: 'ONLINE' })]);
  });

  it('a payment link never takes a MOTO payment', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    expect(await pay(link, cards.visa, moto)).toMatchObject({
      outcome: 'not_allowed',
      message: expect.stringMatching(/only on ecommerce sessions/),
    });
    expect(await attemptsOn(link)).toEqual([]);
  });

  it('an organisation whose payment_methods lack MOTO_IN_PERSON cannot allow it, nor pay a session allowed before', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createSession(admin.token, parentId, { moto_enabled: true });
    // An operator narrows the organisation's payment methods (no API operation changes them).
    await (
      await getDb()
    )
      .update(organisations)
      .set({ paymentMethods: ['ONLINE', 'MOTO_OTHER'] })
      .where(eq(organisations.id, parentId));
    const refused = await api.put(
      '/agent/ecommerce',
      { organisation: parentId, ...session, moto_enabled: true },
      { token: admin.token },
    );
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(/MOTO_IN_PERSON in the organisation's payment_methods/);
    expect(await pay(id, cards.visa, moto)).toMatchObject({
      outcome: 'not_allowed',
      message: expect.stringMatching(/payment methods do not include MOTO_IN_PERSON/),
    });
    expect(await attemptsOn(id)).toEqual([]);
    expect((await loadHostedCheckout(await getDb(), id, 'ecommerce'))?.motoAllowed).toBe(false);
  });

  it('an allowed session records MOTO_IN_PERSON and sends it to the processor as MOTO, without 3-D Secure', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createSession(admin.token, parentId, { moto_enabled: true });
    expect((await loadHostedCheckout(await getDb(), id, 'ecommerce'))?.motoAllowed).toBe(true);
    const authorise = vi.spyOn(SandboxProcessor.prototype, 'authorise');
    // The 3-D Secure test card: a MOTO payment is out of 3DS's scope, so it is authorised with no challenge.
    const outcome = await pay(id, cards.visa3ds, moto);
    expect(outcome).toMatchObject({ outcome: 'paid', status: 'COMPLETE' });
    expect(authorise).toHaveBeenCalledWith(
      expect.objectContaining({
        shopperInteraction: 'moto',
        shopper: expect.objectContaining({ email: 'eve@example.com' }),
      }),
    );
    const [row] = await attemptsOn(id);
    expect(row).toMatchObject({ status: 'COMPLETE', method: 'MOTO_IN_PERSON' });
    const listed = await api.get(`/agent/transactions/${row!.id}`, { token: admin.token });
    expect(listed.body.data.method).toBe('MOTO_IN_PERSON');
  });

  it('an online payment carries the shopper data for 3-D Secure 2 (issue 15, defect 10)', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createSession(admin.token, parentId);
    const authorise = vi.spyOn(SandboxProcessor.prototype, 'authorise');
    await pay(id, cards.visa, { ipAddress: '203.0.113.5', returnUrl: 'https://pay.example.com/embed/x/return?hpb=1' });
    expect(authorise).toHaveBeenCalledWith(
      expect.objectContaining({
        shopperInteraction: 'ecommerce',
        shopper: { email: 'eve@example.com', ip: '203.0.113.5', origin: 'https://pay.example.com' },
      }),
    );
  });
});
