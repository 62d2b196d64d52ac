import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { refunds, sandboxProcessorOperations, transactions } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

/*
 * A DCC payment is taken in the card's currency; its refunds, asked for in the
 * link's currency, go to the processor in that currency at the payment's own
 * rate. The sandbox refuses a refund in any other currency, as a real one would.
 */

/**
 * A 10000 GBX link paid with a French card in euros. What was sent to the
 * processor is read from the sandbox ledger's authorise row; where the payment
 * code does not record it on the transaction yet, it is written from there.
 */
async function dccPayment(token: string, organisation: string) {
  const db = await getDb();
  const outcome = await pay(
    await createLinkVia(token, organisation, { amount: 10000, dcc_enabled: true }),
    cards.visaFrance,
    { acceptDcc: true },
  );
  expect(outcome).toMatchObject({ outcome: 'paid', status: 'COMPLETE' });
  const id = (outcome as { transactionId: string }).transactionId;
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  const [authorised] = await db
    .select()
    .from(sandboxProcessorOperations)
    .where(
      and(
        eq(sandboxProcessorOperations.providerReference, row!.providerReference!),
        eq(sandboxProcessorOperations.kind, 'authorise'),
      ),
    );
  expect(authorised).toMatchObject({ currency: 'EUR', amount: row!.dcc!.converted_amount });
  if (row!.processorAmount === null) {
    await db
      .update(transactions)
      .set({ processorAmount: authorised!.amount, processorCurrency: authorised!.currency })
      .where(eq(transactions.id, id));
  }
  expect((await db.select().from(transactions).where(eq(transactions.id, id)))[0]).toMatchObject({
    processorAmount: authorised!.amount,
    processorCurrency: 'EUR',
  });
  return { id, providerReference: row!.providerReference!, sent: authorised!.amount! };
}

async function refundAndAuthorise(token: string, id: string, amount: number) {
  const requested = await api.post(`/agent/transactions/${id}/refund`, { amount }, { token });
  expect(requested.status, requested.text).toBe(200);
  const authorised = await api.get(`/agent/refunds/${requested.body.data.authorization_code}/authorise`, { token });
  expect(authorised.body.data, authorised.text).toMatchObject({ status: 'COMPLETE', amount, currency: 'GBX' });
  return requested.body.data.id as string;
}

async function processorRefunds(providerReference: string) {
  const db = await getDb();
  return db
    .select()
    .from(sandboxProcessorOperations)
    .where(
      and(
        eq(sandboxProcessorOperations.providerReference, providerReference),
        eq(sandboxProcessorOperations.kind, 'refund'),
      ),
    );
}

describe('refunds of a DCC payment', () => {
  it('refunds in full: exactly what was taken, in the currency it was taken in', async () => {
    const { admin, parentId } = await createTenant();
    const payment = await dccPayment(admin.token, parentId);
    expect(payment.sent).toBe(12051); // 10000 at 1.17 plus 3% mark-up
    const refundId = await refundAndAuthorise(admin.token, payment.id, 10000);
    const [row] = await (await getDb()).select().from(refunds).where(eq(refunds.id, refundId));
    expect(row).toMatchObject({
      amount: 10000,
      currency: 'GBX',
      processorAmount: 12051,
      processorCurrency: 'EUR',
      status: 'COMPLETE',
    });
    expect((await processorRefunds(payment.providerReference)).map((r) => [r.amount, r.currency])).toEqual([
      [12051, 'EUR'],
    ]);
  });

  it('refunds in parts that add up to exactly what was taken, never more', async () => {
    const { admin, parentId } = await createTenant();
    const payment = await dccPayment(admin.token, parentId);
    for (const amount of [3333, 3333, 3334]) await refundAndAuthorise(admin.token, payment.id, amount);
    const sent = await processorRefunds(payment.providerReference);
    expect(sent.map((r) => r.currency)).toEqual(['EUR', 'EUR', 'EUR']);
    expect(sent.map((r) => r.amount).sort((a, b) => a! - b!)).toEqual([4016, 4017, 4018]);
    expect(sent.reduce((sum, r) => sum + r.amount!, 0)).toBe(payment.sent);
    expect(
      (await api.post(`/agent/transactions/${payment.id}/refund`, { amount: 1 }, { token: admin.token })).status,
    ).toBe(422);
  });
});
