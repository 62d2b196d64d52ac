import { describe, expect, it } from 'vitest';
import { startOpenBankingPayment, finishOpenBankingPayment } from '@/lib/core/payments/open-banking';
import { getDb } from '@/lib/db/client';
import { answerSandboxBank, answerSandboxChallenge, sandboxStep } from '@/lib/sandbox/processor-pages';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const referenceOf = (url: string) => url.split('/').pop()!;

describe('sandbox issuer and bank pages (service side)', () => {
  it('the 3-D Secure page shows the card, decides the payment once and sends the customer back', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { amount: 4321 });
    const started = await pay(link, cards.visa3ds, { returnUrl: 'http://localhost:3000/return?x=1' });
    if (started.outcome !== 'challenge') throw new Error('expected a challenge');
    const reference = referenceOf(started.redirectUrl);
    expect(await sandboxStep(reference)).toMatchObject({ step: 'challenge', amount: 4321, currency: 'GBP', card: { brand: 'VISA', lastFour: '0006' }, finished: false });
    const back = await answerSandboxChallenge(reference, 'password');
    expect(back).toBe(`http://localhost:3000/return?x=1&transaction_id=${started.transactionId}`);
    expect((await api.get(`/agent/payment-links/${link}`, { token: admin.token })).body.data.status).toBe('paid');
    expect(await sandboxStep(reference)).toMatchObject({ finished: true });
    expect(await answerSandboxChallenge('SBX-unknown', 'password')).toBeNull();
  });

  it('the bank page records the decision; the checkout then learns the outcome', async () => {
    const { admin, parentId } = await createTenant();
    const db = await getDb();
    const link = await createLinkVia(admin.token, parentId, { open_banking_enabled: true });
    const started = await startOpenBankingPayment(db, { checkoutId: link, returnUrl: 'http://localhost:3000/back' });
    const reference = referenceOf(started.redirectUrl);
    expect(await sandboxStep(reference)).toMatchObject({ step: 'bank', status: 'pending' });
    expect(await answerSandboxBank(reference, 'approve')).toBe(`http://localhost:3000/back?transaction_id=${started.transactionId}`);
    expect(await finishOpenBankingPayment(db, started.transactionId)).toMatchObject({ outcome: 'paid' });
    // The payment is audited once, naming the paying customer (the link's email).
    const audit = await api.post('/audit', { organisation: parentId, keyword: 'transaction:payment' }, { token: admin.token });
    const records = audit.body.data.filter((r: { entity_id: string }) => r.entity_id === started.transactionId);
    expect(records).toHaveLength(1);
    expect(records[0].user).toMatchObject({ id: null, kind: 'customer' });
    expect(records[0].user.email).toMatch(/@/);
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
