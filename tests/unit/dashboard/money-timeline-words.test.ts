import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import {
  describeEntry,
  type TimelineWords,
} from '@/app/[locale]/dashboard/(signed-in)/transactions/[id]/timeline-words';
import type { TimelineEntry } from '@/lib/core/transactions/timeline/timeline-entry';
import { formatMoney } from '@/lib/money';
import messages from '@/messages/en-GB/DashboardMoney.json';

const t = createTranslator({
  locale: 'en-GB',
  messages: { DashboardMoney: messages },
  namespace: 'DashboardMoney.timeline',
}) as unknown as TimelineWords;
const money = (amount: number, currency: string) => formatMoney(amount, currency, 'en-GB');
const entry = (source: TimelineEntry['source'], kind: string, detail: Record<string, unknown> = {}): TimelineEntry => ({
  at: '2026-11-26T09:00:00.000Z',
  source,
  kind,
  id: null,
  detail,
});

describe("a payment's timeline in words", () => {
  it('words the payment, its refunds and who acted, with amounts in the money format', () => {
    expect(
      describeEntry(entry('transaction', 'transaction.created', { amount: 10000, currency: 'GBX' }), t, money),
    ).toBe('Payment of £100.00 started');
    expect(describeEntry(entry('refund', 'refund.completed', { amount: 2500, currency: 'GBX' }), t, money)).toBe(
      'Refund of £25.00 paid back',
    );
    expect(
      describeEntry(entry('audit', 'transaction:re-assign', { user: { kind: 'user', name: 'Ada' } }), t, money),
    ).toBe('Ada moved the payment to another booking');
    expect(describeEntry(entry('audit', 'refund:authorise', { user: { kind: 'service' } }), t, money)).toBe(
      'The service authorised a refund',
    );
    expect(describeEntry(entry('transaction', 'transaction.in_progress', { stage: 'challenge' }), t, money)).toBe(
      'In progress: the cardholder is confirming with their bank',
    );
  });

  // A processor notification carries Adyen's ISO currency (GBP), which formatMoney does not take: the page broke.
  it('words a processor notification without formatting its ISO amount', () => {
    const capture = entry('processor', 'processor.CAPTURE', { amount: 10000, currency: 'GBP', success: true });
    expect(describeEntry(capture, t, money)).toBe('Card processor: taking the money confirmed');
    const refused = entry('processor', 'processor.AUTHORISATION', { amount: 10000, currency: 'GBP', success: false });
    expect(describeEntry(refused, t, money)).toBe('Card processor: authorisation refused');
    expect(describeEntry(entry('processor', 'processor.NEW_THING', { success: true }), t, money)).toBe(
      'Card processor: NEW_THING confirmed',
    );
  });

  it('words webhook events and kinds it does not know', () => {
    expect(
      describeEntry(
        entry('webhook', 'webhook.transaction.complete', { deliveries: { delivered: 1, failed: 0, queued: 2 } }),
        t,
        money,
      ),
    ).toBe('Sent to your webhooks: transaction.complete (1 delivered, 0 failed, 2 waiting)');
    expect(
      describeEntry(entry('audit', 'transaction:something-new', { user: { kind: 'user', name: 'Ada' } }), t, money),
    ).toBe('Ada: transaction:something-new');
  });
});
