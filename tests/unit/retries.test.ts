import { describe, expect, it } from 'vitest';
import { nextAttemptAt, retryDelaysMs } from '@/lib/backoff';
import { REFUND_RETRY } from '@/lib/core/refunds/send-refund';
import {
  SCHEDULED_PAYMENT_RETRY,
  scheduledAttemptKey,
  scheduledPaymentIdOfKey,
} from '@/lib/core/scheduled-payments/scheduled-attempts';
import { EMAIL_RETRY } from '@/lib/email/deliver-outbox';
import { isPermanentSmtpError } from '@/lib/email/smtp-errors';

const MINUTE = 60_000;
const at = new Date('2027-01-01T00:00:00Z');

describe('back-off', () => {
  it('doubles the wait after each failed attempt and stops after the last', () => {
    const schedule = { firstDelayMs: 5 * MINUTE, maxAttempts: 4 };
    expect(
      [1, 2, 3].map((attempt) => (nextAttemptAt(schedule, attempt, at)!.getTime() - at.getTime()) / MINUTE),
    ).toEqual([5, 10, 20]);
    expect(nextAttemptAt(schedule, 4, at)).toBeNull();
    expect(nextAttemptAt(schedule, 9, at)).toBeNull();
  });

  it('scheduled payments: 7 attempts within about 5 h 15 min of falling due', () => {
    const waits = retryDelaysMs(SCHEDULED_PAYMENT_RETRY);
    expect(waits.map((ms) => ms / MINUTE)).toEqual([5, 10, 20, 40, 80, 160]);
    expect(waits.reduce((a, b) => a + b) / MINUTE).toBe(315);
  });

  it('emails: 9 attempts within about 4 h 15 min', () => {
    const waits = retryDelaysMs(EMAIL_RETRY);
    expect(waits.map((ms) => ms / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
    expect(waits.reduce((a, b) => a + b) / MINUTE).toBe(255);
  });

  it('refunds: the wait grows fourfold up to 8 h, 8 attempts within about 21 h 40 min', () => {
    const waits = retryDelaysMs(REFUND_RETRY);
    expect(waits.map((ms) => ms / MINUTE)).toEqual([1, 4, 16, 64, 256, 480, 480]);
    expect(waits.reduce((a, b) => a + b) / MINUTE).toBe(1301);
  });
});

describe('scheduled payment attempt keys', () => {
  it('keep the historical key for the first attempt and give every later attempt its own', () => {
    const id = '5b0e2f4e-1111-4222-8333-444455556666';
    expect(scheduledAttemptKey(id, 1)).toBe(`scheduled:${id}`);
    expect(scheduledAttemptKey(id, 2)).toBe(`scheduled:${id}:2`);
    // Reconciling an unsettled charge finds its scheduled payment (its capture intent) from any attempt's key.
    for (const attempt of [1, 2, 7]) expect(scheduledPaymentIdOfKey(scheduledAttemptKey(id, attempt))).toBe(id);
    expect(scheduledPaymentIdOfKey('booking-payment:key')).toBeNull();
    expect(new Set([1, 2, 3, 4, 5, 6, 7].map((n) => scheduledAttemptKey(id, n))).size).toBe(7);
  });
});

describe('SMTP errors', () => {
  const smtp = (responseCode?: number, code = 'EENVELOPE') =>
    Object.assign(new Error('refused'), { responseCode, code });

  it('5xx replies are permanent', () => {
    for (const responseCode of [550, 553, 554])
      expect(isPermanentSmtpError(smtp(responseCode)), String(responseCode)).toBe(true);
  });

  it('4xx replies, connection errors and bad credentials are transient', () => {
    expect(isPermanentSmtpError(smtp(451))).toBe(false);
    expect(isPermanentSmtpError(smtp(421, 'EPROTOCOL'))).toBe(false);
    expect(isPermanentSmtpError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(false);
    expect(isPermanentSmtpError(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }))).toBe(false);
    expect(isPermanentSmtpError(smtp(535, 'EAUTH'))).toBe(false);
    expect(isPermanentSmtpError(new Error('anything else'))).toBe(false);
    expect(isPermanentSmtpError(undefined)).toBe(false);
  });

  it('an envelope nodemailer cannot build (no valid recipient) never works', () => {
    expect(isPermanentSmtpError(smtp(undefined, 'EENVELOPE'))).toBe(true);
  });
});
