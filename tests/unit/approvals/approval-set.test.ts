import { describe, expect, it } from 'vitest';
import { approvalPaymentOf, approvalSetChanged } from '@/lib/core/approvals/approval-set';

const at = new Date('2026-12-01T00:00:00.000Z');
const p = (id: string, amount: number, executeAfter = at) => ({ id, amount, currency: 'GBX', executeAfter });

describe('approvalSetChanged', () => {
  const sent = [approvalPaymentOf(p('a', 1000)), approvalPaymentOf(p('b', 2000))];
  it('is false for the same payments in any order', () => {
    expect(approvalSetChanged(sent, [p('b', 2000), p('a', 1000)])).toBe(false);
  });
  it('is true when a payment was added, removed, replaced, or its amount or date changed', () => {
    expect(approvalSetChanged(sent, [p('a', 1000), p('b', 2000), p('c', 250000)])).toBe(true);
    expect(approvalSetChanged(sent, [p('a', 1000)])).toBe(true);
    expect(approvalSetChanged(sent, [p('a', 1000), p('c', 2000)])).toBe(true);
    expect(approvalSetChanged(sent, [p('a', 1000), p('b', 2001)])).toBe(true);
    expect(approvalSetChanged(sent, [p('a', 1000), p('b', 2000, new Date('2026-12-02T00:00:00.000Z'))])).toBe(true);
  });
  it('treats an approval sent with nothing stored (before payments were kept) as changed when anything awaits', () => {
    expect(approvalSetChanged([], [p('a', 1000)])).toBe(true);
  });
});
