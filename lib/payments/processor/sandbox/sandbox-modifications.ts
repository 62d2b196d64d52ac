import type { Db } from '@/lib/db/types';
import { ProcessorError } from '../port';
import { paymentState, type PaymentState } from './payment-state';
import { once, parseOutcome, rowsForReference } from './sandbox-ledger';
import { newRefundReference } from './sandbox-references';
import { assertAmount, assertCurrency } from './sandbox-validation';

/*
 * Capture, reverse and refund of a payment the sandbox authorised. Each checks
 * the payment's state as a real acquirer would (an unknown reference, a second
 * capture or a refund above what was taken is a ProcessorError), then writes
 * one ledger row under the caller's idempotency key. The checks guard honest
 * mistakes; races between different keys are the core's to settle in SQL.
 */

async function stateOf(db: Db, providerReference: string): Promise<PaymentState> {
  const state = paymentState(await rowsForReference(db, providerReference));
  if (!state.exists) throw new ProcessorError(`unknown payment ${providerReference}`);
  if (!state.authorised) throw new ProcessorError(`payment ${providerReference} is not authorised`);
  return state;
}

type Money = { providerReference: string; amount: number; currency: string; idempotencyKey: string };

export async function sandboxCapture(db: Db, input: Money): Promise<void> {
  assertAmount(input.amount);
  assertCurrency(input.currency);
  await once(
    db,
    input.idempotencyKey,
    { kind: 'capture', providerReference: input.providerReference },
    async () => {
      const state = await stateOf(db, input.providerReference);
      if (state.reversed) throw new ProcessorError(`payment ${input.providerReference} was reversed`);
      if (state.captured > 0) throw new ProcessorError(`payment ${input.providerReference} is already captured`);
      if (input.currency !== state.currency || input.amount > state.amount) {
        throw new ProcessorError(
          `cannot capture ${input.amount} ${input.currency} of ${state.amount} ${state.currency}`,
        );
      }
      return {
        kind: 'capture',
        providerReference: input.providerReference,
        amount: input.amount,
        currency: input.currency,
        outcome: JSON.stringify({ captured: true }),
      };
    },
    () => undefined,
  );
}

/** Releases an authorisation that was never captured (a taken payment is refunded, not reversed). */
export async function sandboxReverse(
  db: Db,
  input: { providerReference: string; idempotencyKey: string },
): Promise<void> {
  await once(
    db,
    input.idempotencyKey,
    { kind: 'reverse', providerReference: input.providerReference },
    async () => {
      const state = await stateOf(db, input.providerReference);
      if (state.reversed) throw new ProcessorError(`payment ${input.providerReference} is already reversed`);
      if (state.captured > 0)
        throw new ProcessorError(`payment ${input.providerReference} is captured: refund it instead`);
      return {
        kind: 'reverse',
        providerReference: input.providerReference,
        amount: state.amount,
        currency: state.currency,
        outcome: JSON.stringify({ reversed: true }),
      };
    },
    () => undefined,
  );
}

export async function sandboxRefund(db: Db, input: Money): Promise<{ providerReference: string }> {
  assertAmount(input.amount);
  assertCurrency(input.currency);
  return once(
    db,
    input.idempotencyKey,
    { kind: 'refund', providerReference: input.providerReference },
    async () => {
      const state = await stateOf(db, input.providerReference);
      if (input.currency !== state.currency)
        throw new ProcessorError(`payment ${input.providerReference} is in ${state.currency}, not ${input.currency}`);
      if (input.amount > state.captured - state.refunded) {
        throw new ProcessorError(
          `cannot refund ${input.amount}: ${state.captured - state.refunded} of ${input.providerReference} is refundable`,
        );
      }
      const outcome = { refundReference: newRefundReference() };
      return {
        kind: 'refund',
        providerReference: input.providerReference,
        amount: input.amount,
        currency: input.currency,
        outcome: JSON.stringify(outcome),
      };
    },
    (row) => ({ providerReference: parseOutcome<{ refundReference: string }>(row).refundReference }),
  );
}
