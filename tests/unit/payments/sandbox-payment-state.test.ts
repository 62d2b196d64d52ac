import { describe, expect, it } from 'vitest';
import { paymentState } from '@/lib/payments/processor/sandbox/payment-state';
import type { LedgerRow } from '@/lib/payments/processor/sandbox/sandbox-ledger';

/*
 * The sandbox folds a payment's ledger rows in (created_at, id) order, and ids are random: two rows written in the
 * same millisecond come in either order. A bank payment's state must not depend on which of its two rows comes first
 * (the PostgreSQL run of sandbox-open-banking.test.ts once refunded "0 of 25000 refundable" when it did).
 */
const at = new Date('2026-11-26T19:00:00.000Z');
const row = (kind: LedgerRow['kind'], outcome: unknown): LedgerRow =>
  ({
    id: `${kind}-id`,
    kind,
    providerReference: 'SBX-BANK',
    idempotencyKey: `${kind}-key`,
    amount: 25_000,
    currency: 'GBP',
    outcome: JSON.stringify(outcome),
    cardProfile: null,
    createdAt: at,
  }) as LedgerRow;

describe('paymentState of a card payment', () => {
  it('counts a capture and a refund whichever order its rows sort in', () => {
    const authorised = row('authorise', { result: { status: 'authorised', captured: false } });
    const capture = row('capture', { captured: true });
    const refund = { ...row('refund', { refundReference: 'R1' }), amount: 5_000 };
    for (const rows of [
      [authorised, capture, refund],
      [capture, refund, authorised],
      [refund, authorised, capture],
    ])
      expect(paymentState(rows)).toMatchObject({ authorised: true, captured: 25_000, refunded: 5_000 });
  });
});

describe('paymentState of a bank payment', () => {
  const started = row('open_banking', { redirectUrl: 'https://bank.example/x' });
  const approved = row('bank_decision', { status: 'authorised' });

  it('is captured in full once approved, whichever of its two rows sorts first', () => {
    for (const rows of [
      [started, approved],
      [approved, started],
    ]) {
      expect(paymentState(rows)).toMatchObject({ authorised: true, amount: 25_000, currency: 'GBP', captured: 25_000 });
    }
  });

  it('captures nothing when the bank declined', () => {
    expect(paymentState([row('bank_decision', { status: 'declined' }), started])).toMatchObject({
      authorised: false,
      captured: 0,
      amount: 25_000,
    });
  });
});
