import { isSandbox } from '@/lib/config';
import type { Db } from '@/lib/db/types';
import { claimEmails, countQueued, deliverToMailbox, finishClaim, type ClaimedEmail } from './claim-outbox';
import { smtpUrl } from './email-config';
import { sendOverSmtp } from './smtp-transport';

/** After this many failed attempts an email is given up as 'failed'. */
export const MAX_EMAIL_ATTEMPTS = 5;

export type DeliveryCounts = {
  /** Accepted by the SMTP server. */
  sent: number;
  /** Sandbox without SMTP_URL: marked delivered, readable on /sandbox/mailbox. */
  deliveredToMailbox: number;
  /** Refused or failed this time, queued again for the next run. */
  retrying: number;
  /** Given up after MAX_EMAIL_ATTEMPTS. */
  failed: number;
  /** Production without SMTP_URL: left queued until SMTP_URL is set. */
  waiting: number;
};

/**
 * Delivers up to `limit` queued emails. Safe to run in several processes at
 * once: each email is claimed by exactly one of them (see claim-outbox.ts).
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
        console.warn(JSON.stringify({ level: 'warn', message: `SMTP_URL is not set: ${counts.waiting} email(s) wait in the outbox and are not sent.` }));
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
  if (email.attempts > MAX_EMAIL_ATTEMPTS) {
    await finishClaim(db, email, { status: 'failed', error: email.lastError ?? 'Abandoned: the sending process stopped during every attempt.' });
    return 'failed';
  }
  try {
    await sendOverSmtp(url, { id: email.id, to: email.toAddress, subject: email.subject, text: email.textBody, html: email.htmlBody });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const giveUp = email.attempts >= MAX_EMAIL_ATTEMPTS;
    await finishClaim(db, email, { status: giveUp ? 'failed' : 'queued', error: message });
    console.warn(JSON.stringify({ level: 'warn', message: `email ${email.id} not sent (attempt ${email.attempts}${giveUp ? ', giving up' : ''}): ${message}` }));
    return giveUp ? 'failed' : 'retrying';
  }
  await finishClaim(db, email, { status: 'sent' });
  return 'sent';
}
