import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { returnDestination } from '@/app/[locale]/[payment_link_id]/returned-payment';
import { startOpenBankingPayment } from '@/lib/core/payments/open-banking';
import { getDb } from '@/lib/db/client';
import { transactions } from '@/lib/db/schema';
import { answerSandboxBank, answerSandboxChallenge, sandboxStep } from '@/lib/sandbox/processor-pages';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const referenceOf = (url: string) => url.split('/').pop()!;
const page = { kind: 'page' } as const;
/** The query the return page receives. */
const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
const statusOf = async (id: string) =>
  (await (await getDb()).select().from(transactions).where(eq(transactions.id, id)))[0];

describe('sandbox issuer and bank pages (service side)', () => {
  it('the 3-D Secure page shows the card, decides once and sends the customer back with only redirectResult; the return finishes the attempt', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { amount: 4321 });
    const started = await pay(link, cards.visa3ds, { returnUrl: 'http://localhost:3000/return?x=1' });
    if (started.outcome !== 'challenge') throw new Error('expected a challenge');
    const reference = referenceOf(started.redirectUrl);
    expect(await sandboxStep(reference)).toMatchObject({
      step: 'challenge',
      amount: 4321,
      currency: 'GBP',
      card: { brand: 'VISA', lastFour: '0006' },
      finished: false,
    });
    const back = await answerSandboxChallenge(reference, 'password');
    // As Adyen: the return URL with redirectResult appended and no id of ours.
    expect(back).toBe(`http://localhost:3000/return?x=1&redirectResult=sbx-return.${reference}`);
    expect(await sandboxStep(reference)).toMatchObject({ finished: true });
    // The processor decided; the checkout records it when the customer is back (or when the notification is applied).
    expect((await api.get(`/agent/payment-links/${link}`, { token: admin.token })).body.data.status).toBe('active');
    expect(await returnDestination(page, 'en-GB', link, queryOf(back!))).toBe(`/${link}/success`);
    expect((await api.get(`/agent/payment-links/${link}`, { token: admin.token })).body.data.status).toBe('paid');
    expect(await answerSandboxChallenge('SBX-unknown', 'password')).toBeNull();
  });

  it('a failed challenge lands on the failure page through the same return', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    const started = await pay(link, cards.visa3ds);
    if (started.outcome !== 'challenge') throw new Error('expected a challenge');
    const back = await answerSandboxChallenge(referenceOf(started.redirectUrl), 'not the password');
    expect(await returnDestination(page, 'en-GB', link, queryOf(back!))).toBe(`/${link}/failure`);
    expect(await statusOf(started.transactionId)).toMatchObject({ status: 'DECLINED', failureReason: '3ds_failed' });
  });

  it.each([
    ['approve', 'success', 'COMPLETE'],
    ['decline', 'failure', 'DECLINED'],
    ['abandon', 'cancel', 'ABANDONED'],
  ] as const)(
    'the bank page records "%s"; the return with only redirectResult learns the outcome: %s',
    async (decision, lands, status) => {
      const { admin, parentId } = await createTenant();
      const db = await getDb();
      const link = await createLinkVia(admin.token, parentId, { open_banking_enabled: true });
      const started = await startOpenBankingPayment(db, { checkoutId: link, returnUrl: 'http://localhost:3000/back' });
      const reference = referenceOf(started.redirectUrl);
      expect(await sandboxStep(reference)).toMatchObject({ step: 'bank', status: 'pending' });
      // Back before deciding (or without the processor's parameter): nothing is finished, the attempt still waits.
      expect(await returnDestination(page, 'en-GB', link, {})).toBe(`/${link}`);
      expect(await statusOf(started.transactionId)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'bank' });
      const back = await answerSandboxBank(reference, decision);
      expect(back).toBe(`http://localhost:3000/back?redirectResult=sbx-return.${reference}`);
      expect(await returnDestination(page, 'en-GB', link, queryOf(back!))).toBe(`/${link}/${lands}`);
      expect(await statusOf(started.transactionId)).toMatchObject({ status });
      if (decision !== 'approve') return;
      // The payment is audited once, naming the paying customer (the link's email).
      const audit = await api.post(
        '/audit',
        { organisation: parentId, keyword: 'transaction:payment' },
        { token: admin.token },
      );
      const records = audit.body.data.filter((r: { entity_id: string }) => r.entity_id === started.transactionId);
      expect(records).toHaveLength(1);
      expect(records[0].user).toMatchObject({ id: null, kind: 'customer' });
      expect(records[0].user.email).toMatch(/@/);
    },
  );

  it('a return naming another attempt (a stale transaction_id) finishes nothing; the embed returns the same way, flags apart', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    const first = await pay(link, cards.visa3ds);
    if (first.outcome !== 'challenge') throw new Error('expected a challenge');
    const back = await answerSandboxChallenge(referenceOf(first.redirectUrl), 'password');
    const stale = { ...queryOf(back!), transaction_id: '00000000-0000-4000-8000-000000000000' };
    expect(await returnDestination(page, 'en-GB', link, stale)).toBe(`/${link}`);
    expect(await statusOf(first.transactionId)).toMatchObject({ status: 'PAYMENTINPROGRESS', stage: 'challenge' });

    const session = await api.put(
      '/agent/ecommerce',
      { organisation: parentId, customer_name: 'Ada', email: 'ada@example.com', amount: 1000 },
      { token: admin.token },
    );
    const id = session.body.data.id as string;
    const embedded = await pay(id, cards.visa3ds, { returnUrl: 'http://localhost:3000/embed/return?hsc=1' });
    if (embedded.outcome !== 'challenge') throw new Error('expected a challenge');
    const embedBack = await answerSandboxChallenge(referenceOf(embedded.redirectUrl), 'password');
    const flags = { hidePayButton: false, hideStoreCard: true, moto: false };
    expect(await returnDestination({ kind: 'embed', flags }, 'en-GB', id, queryOf(embedBack!))).toBe(
      `/embed/${id}?hsc=1`,
    );
    expect(await statusOf(embedded.transactionId)).toMatchObject({ status: 'COMPLETE' });
  });

  it('do not exist outside sandbox mode', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId);
    const started = await pay(link, cards.visa3ds);
    if (started.outcome !== 'challenge') throw new Error('expected a challenge');
    process.env.MODE = 'production';
    process.env.ADYEN_API_KEY = 'k';
    process.env.ADYEN_MERCHANT_ACCOUNT = 'm';
    try {
      expect(await sandboxStep(referenceOf(started.redirectUrl))).toBeNull();
      expect(await answerSandboxChallenge(referenceOf(started.redirectUrl), 'password')).toBeNull();
    } finally {
      delete process.env.MODE;
      delete process.env.ADYEN_API_KEY;
      delete process.env.ADYEN_MERCHANT_ACCOUNT;
    }
  });
});
