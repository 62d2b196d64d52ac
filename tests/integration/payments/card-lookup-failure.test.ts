import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_LOOKUP_FAILED } from '@/lib/core/payments/pay-by-card';
import { getDb } from '@/lib/db/client';
import { sandboxProcessorOperations, transactions } from '@/lib/db/schema';
import { ProcessorError, ProcessorOutcomeUnknown, SandboxProcessor } from '@/lib/payments/processor';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();
afterEach(() => vi.restoreAllMocks());

const noRules = { surcharging_enabled: false, dcc_enabled: false, excluded_card_types: [], excluded_card_regions: [] };

async function attemptsOn(linkId: string) {
  return (await getDb()).select().from(transactions).where(eq(transactions.paymentLinkId, linkId));
}

describe('a card lookup the processor cannot answer (issue 15, defect 5)', () => {
  it.each([
    ['a ProcessorError', new ProcessorError('Adyen 500 on /cardDetails', true)],
    ['a timeout (outcome unknown)', new ProcessorOutcomeUnknown('/cardDetails timed out')],
  ])(
    '%s on a link whose rules need the facts: refused with a message, recorded FAILED, nothing sent, no throw',
    async (_, error) => {
      const { admin, parentId } = await createTenant();
      const link = await createLinkVia(admin.token, parentId, { ...noRules, surcharging_enabled: true });
      vi.spyOn(SandboxProcessor.prototype, 'lookupCard').mockRejectedValue(error);
      const authorise = vi.spyOn(SandboxProcessor.prototype, 'authorise');
      const outcome = await pay(link, cards.visa, { ipAddress: '203.0.113.9' });
      expect(outcome).toMatchObject({
        outcome: 'rejected',
        reason: CARD_LOOKUP_FAILED,
        message: expect.stringMatching(/could not check this card/),
      });
      const [row] = await attemptsOn(link);
      expect(row).toMatchObject({
        id: (outcome as { transactionId: string }).transactionId,
        status: 'FAILED',
        failureReason: 'card_lookup_failed',
        type: 'CARD',
        method: 'ONLINE',
        ipAddress: '203.0.113.9',
      });
      expect(authorise).not.toHaveBeenCalled();
      expect(
        await (
          await getDb()
        )
          .select()
          .from(sandboxProcessorOperations)
          .where(eq(sandboxProcessorOperations.idempotencyKey, row!.id)),
      ).toHaveLength(0);
    },
  );

  it('the link stays payable: the next attempt, with the processor back, is paid', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { ...noRules, excluded_card_types: ['AMEX'] });
    vi.spyOn(SandboxProcessor.prototype, 'lookupCard').mockRejectedValueOnce(new ProcessorError('down', true));
    expect(await pay(link, cards.visa)).toMatchObject({ outcome: 'rejected', reason: CARD_LOOKUP_FAILED });
    expect(await pay(link, cards.visa)).toMatchObject({ outcome: 'paid', status: 'COMPLETE' });
  });

  it('a link with no rule that needs the facts takes the card as an unknown one: the processor decides', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, noRules);
    vi.spyOn(SandboxProcessor.prototype, 'lookupCard').mockRejectedValue(new ProcessorError('down', true));
    expect(await pay(link, cards.visa)).toMatchObject({ outcome: 'paid', status: 'COMPLETE' });
  });

  it('a failed lookup does not count towards the card-testing pause (the card was never judged)', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { ...noRules, surcharging_enabled: true });
    vi.spyOn(SandboxProcessor.prototype, 'lookupCard').mockRejectedValue(new ProcessorError('down', true));
    for (let i = 0; i < 6; i += 1) expect(await pay(link, cards.visa)).toMatchObject({ reason: CARD_LOOKUP_FAILED });
    vi.restoreAllMocks();
    expect(await pay(link, cards.visa)).toMatchObject({ outcome: 'paid' });
  });

  it("an error that is not the processor's (a bug) still throws, for the error page", async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, noRules);
    vi.spyOn(SandboxProcessor.prototype, 'lookupCard').mockRejectedValue(new TypeError('bug'));
    await expect(pay(link, cards.visa)).rejects.toThrow(TypeError);
    expect(await attemptsOn(link)).toHaveLength(0);
  });
});
