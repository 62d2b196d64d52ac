import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { sandboxProcessorOperations } from '@/lib/db/schema';
import type { PaymentMethodInput } from '@/lib/payments/processor';
import { SandboxProcessor } from '@/lib/payments/processor/sandbox/sandbox-processor';

/** Shared by the sandbox processor tests: a processor on the test's database, test cards, payments and ledger rows. */
export const sandbox = async () => new SandboxProcessor(await getDb());
let keys = 0;
export const key = (label: string) => `${label}-${Date.now()}-${(keys += 1)}`;
export const card = (
  number: string,
  extra: Partial<Extract<PaymentMethodInput, { kind: 'card' }>> = {},
): PaymentMethodInput => ({
  kind: 'card',
  number,
  expiryMonth: 12,
  expiryYear: 2099,
  cvc: '123',
  holderName: 'Ada Lovelace',
  ...extra,
});
export const pay = (
  method: PaymentMethodInput,
  extra: { capture?: boolean; storeCard?: boolean; idempotencyKey?: string; amount?: number } = {},
) => ({
  reference: 'txn-1',
  amount: extra.amount ?? 10_000,
  currency: 'GBP',
  method,
  capture: extra.capture ?? true,
  storeCard: extra.storeCard ?? false,
  returnUrl: 'http://localhost:3000/pay/return',
  idempotencyKey: extra.idempotencyKey ?? key('auth'),
});
export const ledgerRows = async (idempotencyKey: string) =>
  (await getDb())
    .select()
    .from(sandboxProcessorOperations)
    .where(eq(sandboxProcessorOperations.idempotencyKey, idempotencyKey));

/** Narrows an authorise answer to an authorised one, failing the test otherwise. */
export function authorised<T extends { status: string }>(result: T): Extract<T, { status: 'authorised' }> {
  if (result.status !== 'authorised') throw new Error(`expected an authorised payment, got ${JSON.stringify(result)}`);
  return result as Extract<T, { status: 'authorised' }>;
}
