import { z } from 'zod';
import { publicBaseUrl } from '@/lib/config';
import type { Db } from '@/lib/db/types';
import { enqueueEmail } from './enqueue-email';

/** Body of POST /api/sandbox/emails/test. */
export const testEmailSchema = z.object({ to: z.email().max(254) });

/**
 * Sandbox helper: queues a harmless email to `to`, so that a developer (or an
 * end-to-end test) can watch it reach the mailbox page or their SMTP server.
 */
export async function sendTestEmail(db: Db, { to, organisationId }: { to: string; organisationId: string }) {
  const mailbox = `${publicBaseUrl()}/sandbox/mailbox`;
  const subject = 'travel-pay sandbox test email';
  const text = `This is a test email from the travel-pay sandbox.\n\nEvery email the sandbox sends is listed at ${mailbox}\n`;
  const html = `<p>This is a test email from the <strong>travel-pay sandbox</strong>.</p><p>Every email the sandbox sends is listed at <a href="${mailbox}">${mailbox}</a>.</p>`;
  // The email is the whole change here, so it needs no transaction of its own.
  const { id } = await enqueueEmail(db, { organisationId, kind: 'sandbox-test', to, subject, text, html });
  return { id, to, subject, status: 'queued' };
}
