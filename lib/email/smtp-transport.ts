import { createTransport, type Transporter } from 'nodemailer';
import { emailFrom } from './email-config';

export type OutgoingEmail = { id: string; to: string; subject: string; text: string; html: string | null };

/*
 * One transport per SMTP_URL for the life of the process (on globalThis, since
 * Next.js may load this module once per server bundle). A transport keeps no
 * connection open between sends, so keeping it costs nothing.
 */
const slot = globalThis as unknown as { __travelPaySmtpTransports?: Map<string, Transporter> };

export function smtpTransport(url: string): Transporter {
  slot.__travelPaySmtpTransports ??= new Map();
  let transport = slot.__travelPaySmtpTransports.get(url);
  if (!transport) {
    // Short timeouts: a send must end well within the 10-minute claim, or another
    // process would take the email over and could send it twice. Settings in the
    // URL's query string (e.g. ?ignoreTLS=true) win over these.
    transport = createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    slot.__travelPaySmtpTransports.set(url, transport);
  }
  return transport;
}

/** Sends one email over SMTP; throws when the server refuses it (e.g. a rejected recipient). */
export async function sendOverSmtp(url: string, email: OutgoingEmail): Promise<void> {
  await smtpTransport(url).sendMail({
    from: emailFrom(),
    to: email.to,
    subject: email.subject,
    text: email.text,
    ...(email.html ? { html: email.html } : {}),
    // A stable Message-ID: if a send is ever repeated (a crash after the server
    // accepted it), the receiving side can tell it is the same email.
    messageId: `<${email.id}@travel-pay.outbox>`,
  });
}
