import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startOpenBankingPayment } from '@/lib/core/payments/open-banking';
import { processorMoney } from '@/lib/core/payments/processor-money';
import { getDb } from '@/lib/db/client';
import { sandboxProcessorOperations, transactions } from '@/lib/db/schema';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { bookingWithSavedCard, cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

async function transactionOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function ledgerOf(providerReference: string, kind: string) {
  return (await getDb())
    .select()
    .from(sandboxProcessorOperations)
    .where(
      and(
        eq(sandboxProcessorOperations.providerReference, providerReference),
        eq(sandboxProcessorOperations.kind, kind),
      ),
    );
}

describe('what was sent to the processor is recorded and used to finish the payment', () => {
  it('a DCC pre-authorisation is captured in the card currency it was authorised in, and reaches COMPLETE', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, {
      authorisation_only: true,
      dcc_enabled: true,
      amount: 10000,
    });
    const paid = await pay(link, cards.visaFrance, { acceptDcc: true });
    expect(paid).toMatchObject({ outcome: 'paid', status: 'PENDING' });
    const id = (paid as { transactionId: string }).transactionId;
    const held = await transactionOf(id);
    const converted = held.dcc!.converted_amount!;
    expect(held).toMatchObject({
      amount: 10000,
      currency: 'GBX',
      processorAmount: converted,
      processorCurrency: 'EUR',
    });

    const completed = await api.get(`/agent/transactions/${id}/complete`, { token: admin.token });
    expect(completed.status, completed.text).toBe(200);
    expect(completed.body.data.status).toBe('COMPLETE');
    // The sandbox ledger (like Adyen) took the capture in euros, the converted amount: not 10000 GBP.
    const [capture] = await ledgerOf(held.providerReference!, 'capture');
    expect(capture).toMatchObject({ amount: converted, currency: 'EUR' });
  });

  it('records the processor amount of a plain card payment, a saved-card charge and an open banking payment', async () => {
    const { admin, parentId } = await createTenant();
    const card = (await pay(await createLinkVia(admin.token, parentId, { amount: 2500 }))) as { transactionId: string };
    expect(await transactionOf(card.transactionId)).toMatchObject({ processorAmount: 2500, processorCurrency: 'GBP' });

    const { bookingId, cardToken } = await bookingWithSavedCard(admin.token, parentId);
    const charged = await api.post(
      `/payment/booking/${bookingId}/payment`,
      { token: cardToken, amount: 1234 },
      { token: admin.token },
    );
    expect(charged.status, charged.text).toBe(200);
    const [saved] = await (
      await getDb()
    )
      .select()
      .from(transactions)
      .where(and(eq(transactions.bookingId, bookingId), eq(transactions.amount, 1234)));
    expect(saved).toMatchObject({ status: 'COMPLETE', processorAmount: 1234, processorCurrency: 'GBP' });

    const bank = await startOpenBankingPayment(await getDb(), {
      checkoutId: await createLinkVia(admin.token, parentId, { open_banking_enabled: true, amount: 777 }),
      returnUrl: 'http://localhost/r',
    });
    expect(await transactionOf(bank.transactionId)).toMatchObject({ processorAmount: 777, processorCurrency: 'GBP' });
  });

  it('falls back to the amount and ISO currency for rows written before processor money existed', () => {
    expect(processorMoney({ amount: 500, currency: 'USX', processorAmount: null, processorCurrency: null })).toEqual({
      amount: 500,
      currency: 'USD',
    });
    expect(processorMoney({ amount: 500, currency: 'GBX', processorAmount: 584, processorCurrency: 'EUR' })).toEqual({
      amount: 584,
      currency: 'EUR',
    });
  });
});
