import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = { envelopeTo: string[]; mail: ParsedMail };

/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps what it receives,
 * parsed. No TLS and no AUTH, so nodemailer talks plain SMTP to it; recipients
 * matched by `rejectRecipient` are refused at RCPT TO, with 550 (no mailbox:
 * permanent) or the reply code it answers (e.g. 451: try again later).
 */
export async function startSmtpServer(
  options: { rejectRecipient?: (address: string) => boolean | number; dataDelayMs?: number; port?: number } = {},
) {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.rejectRecipient?.(address.address);
      if (refusal) {
        const responseCode = refusal === true ? 550 : refusal;
        const text =
          responseCode >= 500
            ? `No mailbox for ${address.address}`
            : `Mailbox of ${address.address} busy, try again later`;
        return callback(Object.assign(new Error(text), { responseCode }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          // A slow server widens the window in which concurrent senders could collide.
          if (options.dataDelayMs) await new Promise((resolve) => setTimeout(resolve, options.dataDelayMs));
          received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
