import { describe, expect, it } from 'vitest';
import { processorMoney } from '@/lib/core/payments/processor-money';
import { processorRefundAmount } from '@/lib/core/refunds/processor-refund';

/** Refunds in sequence, each converted against what the earlier ones took and sent. */
function sequence(taken: number, sent: number, amounts: number[]) {
  let heldBefore = 0;
  let sentBefore = 0;
  return amounts.map((amount) => {
    const part = processorRefundAmount({ taken, sent, heldBefore, sentBefore, amount });
    heldBefore += amount;
    sentBefore += part;
    return part;
  });
}

describe('DCC refund conversion (cumulative largest remainder)', () => {
  it('converts a full refund to exactly what was sent', () => {
    expect(processorRefundAmount({ taken: 10000, sent: 12051, heldBefore: 0, sentBefore: 0, amount: 10000 })).toBe(
      12051,
    );
  });

  it('converts parts so that together they are exactly what was sent', () => {
    const parts = sequence(10000, 12051, [3333, 3333, 3334]);
    expect(parts).toEqual([4017, 4016, 4018]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(12051);
  });

  it('never sends more than was sent in total, whatever the split', () => {
    for (const [taken, sent] of [
      [10000, 12051],
      [10000, 8543],
      [999, 1237],
      [7, 5],
    ] as const) {
      for (const size of [1, 2, 3, 7, 333]) {
        const amounts: number[] = [];
        for (let left = taken; left > 0; left -= size) amounts.push(Math.min(size, left));
        const parts = sequence(taken, sent, amounts);
        expect(parts.every((p) => p >= 0)).toBe(true);
        expect(
          parts.reduce((a, b) => a + b, 0),
          `${taken}→${sent} in ${size}s`,
        ).toBe(sent);
      }
    }
  });

  it('after a declined refund, converts against what the refunds still held really sent', () => {
    // 3333 → 4017 and 3333 → 4016, then the first is declined: 3333 held, 4016 sent. The rest sends exactly what is left.
    expect(processorRefundAmount({ taken: 10000, sent: 12051, heldBefore: 3333, sentBefore: 4016, amount: 6667 })).toBe(
      8035,
    );
    // Nothing is ever sent past the total, even when earlier rounding already reached it.
    expect(processorRefundAmount({ taken: 10000, sent: 12051, heldBefore: 9999, sentBefore: 12051, amount: 1 })).toBe(
      0,
    );
  });

  it('passes amounts unchanged without DCC, and falls back to the link currency for old rows', () => {
    expect(sequence(10000, 10000, [1, 2499, 7500])).toEqual([1, 2499, 7500]);
    expect(processorMoney({ amount: 500, currency: 'GBX', processorAmount: null, processorCurrency: null })).toEqual({
      amount: 500,
      currency: 'GBP',
    });
    expect(processorMoney({ amount: 500, currency: 'GBX', processorAmount: 603, processorCurrency: 'EUR' })).toEqual({
      amount: 603,
      currency: 'EUR',
    });
  });
});
