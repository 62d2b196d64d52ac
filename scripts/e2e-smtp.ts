/**
 * The end-to-end suite's mail server: a real SMTP server (tests/support/smtp-test-server.ts) that the production-mode
 * server sends through (SMTP_URL, playwright.config.ts), and an HTTP port for the specs to read what arrived, as a
 * person reads their inbox. Production has no sandbox mailbox: this is how a production journey gets its emailed
 * sign-in link. A test-only tool: never started by the product.
 *
 *   npx tsx scripts/e2e-smtp.ts --port 3217 --control-port 3218
 *     GET /health            200 once listening (Playwright's readiness URL)
 *     GET /emails?to=<addr>  what arrived for that address, oldest first: [{ to, subject, text }]
 */
import http from 'node:http';
import { startSmtpServer } from '../tests/support/smtp-test-server';

const arg = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : undefined;
};

async function main() {
  const smtp = await startSmtpServer({ port: arg('port') ?? 0 });
  const control = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    const body =
      url.pathname === '/health'
        ? { ok: true }
        : smtp.received
            .filter((email) => !to || email.envelopeTo.some((address) => address.toLowerCase() === to))
            .map((email) => ({ to: email.envelopeTo, subject: email.mail.subject ?? '', text: email.mail.text ?? '' }));
    res.writeHead(url.pathname === '/health' || url.pathname === '/emails' ? 200 : 404, {
      'Content-Type': 'application/json',
    });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => control.listen(arg('control-port') ?? 0, '127.0.0.1', resolve));
  console.log(`e2e SMTP at ${smtp.url}`);
  const stop = () => void Promise.all([smtp.close(), new Promise((r) => control.close(r))]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
