import type { RetrySchedule } from '@/lib/backoff';
import { nextAttemptAt } from '@/lib/backoff';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import type { Db } from '@/lib/db/types';
import {
  claimEmails,
  countQueued,
  deliverToMailbox,
  finishRetryLater,
  finishSent,
  type ClaimedEmail,
} from './claim-outbox';
import { smtpUrl } from './email-config';
import { giveUpEmail } from './give-up-email';
import { isPermanentSmtpError } from './smtp-errors';
import { sendOverSmtp } from './smtp-transport';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

/**
 * An email the SMTP server could not take for now (4xx, unreachable) is tried
 * again after 1 minute, then 2, 4, ... 128: 9 attempts over about 4 h 15 min.
 * After the 9th, or at once for a permanent refusal (5xx), it is 'failed' and
 * the organisation is told (give-up-email.ts).
 */
export const EMAIL_RETRY: RetrySchedule = { firstDelayMs: 60_000, maxAttempts: 9 };

export type DeliveryCounts = {
  /** Accepted by the SMTP server. */
  sent: number;
  /** Sandbox without SMTP_URL: marked delivered, readable on /sandbox/mailbox. */
  deliveredToMailbox: number;
  /** Failed transiently this time, queued again for after its back-off. */
  retrying: number;
  /** Refused for good, or given up after EMAIL_RETRY.maxAttempts. */
  failed: number;
  /** Production without SMTP_URL: left queued until SMTP_URL is set. */
  waiting: number;
};

/**
 * Delivers up to `limit` queued emails that are due. Safe to run in several
 * processes at once: each email is claimed by exactly one of them (see claim-outbox.ts).
 * With SMTP_URL the emails go through nodemailer; without it, the sandbox marks
 * them delivered to its mailbox page and production leaves them queued (and says so).
 */
export async function deliverOutbox(db: Db, { limit = 50 }: { limit?: number } = {}): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { sent: 0, deliveredToMailbox: 0, retrying: 0, failed: 0, waiting: 0 };
  const url = smtpUrl();
  if (!url) {
    if (isSandbox()) {
      counts.deliveredToMailbox = await deliverToMailbox(db, limit);
    } else {
      counts.waiting = await countQueued(db);
      if (counts.waiting > 0) {
        console.warn(
          JSON.stringify({
            level: 'warn',
            message: `SMTP_URL is not set: ${counts.waiting} email(s) wait in the outbox and are not sent.`,
          }),
        );
      }
    }
    return counts;
  }
  // One at a time: a run is small, and sends in order are easier to follow in a mail log.
  for (const email of await claimEmails(db, limit)) counts[await sendOne(db, url, email)] += 1;
  return counts;
}

async function sendOne(db: Db, url: string, email: ClaimedEmail): Promise<'sent' | 'retrying' | 'failed'> {
  // Only a process that died mid-send can leave a claim with attempts over the maximum.
  if (email.attempts > EMAIL_RETRY.maxAttempts) {
    await giveUpEmail(db, email, email.lastError ?? 'Abandoned: the sending process stopped during every attempt.');
    return 'failed';
  }
  try {
    await sendOverSmtp(url, {
      id: email.id,
      to: email.toAddress,
      subject: email.subject,
      text: email.textBody,
      html: email.htmlBody,
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const retryAt = isPermanentSmtpError(error) ? null : nextAttemptAt(EMAIL_RETRY, email.attempts, now());
    if (retryAt) await finishRetryLater(db, email, message, retryAt);
    else await giveUpEmail(db, email, message);
    const outcome = retryAt ? `retrying at ${retryAt.toISOString()}` : 'giving up';
    // The SMTP server's answer (kept on the email for the operator) may quote the recipient's address: the log gets its codes only.
    console.warn(
      JSON.stringify({
        level: 'warn',
        message: `email ${email.id} not sent (attempt ${email.attempts}, ${outcome})`,
        error: describeErrorSafely(error),
      }),
    );
    return retryAt ? 'retrying' : 'failed';
  }
  await finishSent(db, email);
  return 'sent';
}
