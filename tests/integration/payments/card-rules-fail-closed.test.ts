import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { sandboxProcessorOperations, transactions } from '@/lib/db/schema';
import { SandboxProcessor, type CardFacts } from '@/lib/payments/processor';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();
afterEach(() => vi.restoreAllMocks());

/** A Luhn-valid number the sandbox issuer does not know: lookupCard answers null. */
const unknownCard = '4242 4242 4242 4242';
/** A link with none of the rules that need card facts. */
const noRules = { surcharging_enabled: false, dcc_enabled: false, excluded_card_types: [], excluded_card_regions: [] };

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(transactions).where(eq(transactions.id, id));
  return row!;
}

async function processorCallsFor(id: string) {
  return (await getDb())
    .select()
    .from(sandboxProcessorOperations)
    .where(eq(sandboxProcessorOperations.idempotencyKey, id));
}

async function expectRefusedUnchecked(link: string, number: string) {
  const outcome = await pay(link, number);
  expect(outcome).toMatchObject({ outcome: 'rejected' });
  const { transactionId, message } = outcome as { transactionId: string; message: string };
  expect(message).toMatch(/could not be verified/);
  expect(await rowOf(transactionId)).toMatchObject({ status: 'REJECTED', failureReason: 'card_unverified' });
  expect(await processorCallsFor(transactionId)).toHaveLength(0);
}

describe('card rules fail closed when the card facts cannot be established', () => {
  it('refuses an unknown card on a link with surcharging, DCC, excluded brands or excluded regions: nothing sent', async () => {
    const { admin, parentId } = await createTenant();
    await expectRefusedUnchecked(
      await createLinkVia(admin.token, parentId, { ...noRules, surcharging_enabled: true }),
      unknownCard,
    );
    await expectRefusedUnchecked(
      await createLinkVia(admin.token, parentId, { ...noRules, dcc_enabled: true }),
      unknownCard,
    );
    await expectRefusedUnchecked(
      await createLinkVia(admin.token, parentId, { ...noRules, excluded_card_types: ['AMEX'] }),
      unknownCard,
    );
    await expectRefusedUnchecked(
      await createLinkVia(admin.token, parentId, { ...noRules, excluded_card_regions: ['INTER'] }),
      unknownCard,
    );
  });

  it('refuses facts without an issuing country or brand the same way', async () => {
    const { admin, parentId } = await createTenant();
    const partial: CardFacts = {
      brand: 'VISA',
      bin: '41111111',
      lastFour: '1111',
      funding: 'credit',
      cardClass: 'consumer',
      issuingCountry: '',
    };
    vi.spyOn(SandboxProcessor.prototype, 'lookupCard').mockResolvedValue(partial);
    await expectRefusedUnchecked(
      await createLinkVia(admin.token, parentId, { ...noRules, excluded_card_regions: ['INTER'] }),
      cards.visa,
    );
    vi.spyOn(SandboxProcessor.prototype, 'lookupCard').mockResolvedValue({
      ...partial,
      issuingCountry: 'GB',
      brand: '' as CardFacts['brand'],
    });
    await expectRefusedUnchecked(
      await createLinkVia(admin.token, parentId, { ...noRules, dcc_enabled: true }),
      cards.visa,
    );
  });

  it('still takes a card it cannot check on a link with none of those rules', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, noRules);
    vi.spyOn(SandboxProcessor.prototype, 'lookupCard').mockResolvedValue(null);
    expect(await pay(link, cards.visa)).toMatchObject({ outcome: 'paid', status: 'COMPLETE' });
  });

  it('a known card is judged by the rules as before', async () => {
    const { admin, parentId } = await createTenant();
    expect(
      await pay(await createLinkVia(admin.token, parentId, { surcharging_enabled: true }), cards.visa),
    ).toMatchObject({ outcome: 'paid' });
  });
});
