/**
 * Whether an SMTP send failed for good (retrying would fail the same way) or
 * may work later. nodemailer sets `responseCode` to the server's reply code and
 * `code` to its own error class.
 * - 5xx replies are permanent (550 no such mailbox, 553 bad address, 554
 *   rejected): the email fails at once.
 * - 4xx replies (451 try later, 452 mailbox full) and no reply at all
 *   (connection refused, timeouts, TLS) are transient: it is retried with back-off.
 * - Exceptions: EAUTH (535 bad credentials) is the service's SMTP settings, not
 *   this email, so it is retried while someone fixes SMTP_URL; an envelope or
 *   message nodemailer itself refuses to build (no valid recipient) never works.
 */
export function isPermanentSmtpError(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (code === 'EAUTH') return false;
  if (typeof responseCode === 'number') return responseCode >= 500 && responseCode < 600;
  return code === 'EENVELOPE' || code === 'EMESSAGE';
}
