import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { now } from '@/lib/clock';

/**
 * A merchant's receiver, for real: a node:http server on a free port that does
 * what the docs tell merchants to do. It verifies X-Signature exactly as
 * Felloh's SDK verifyWebhookSignature does (hex HMAC-SHA256 of the raw body,
 * timing-safe), refuses a body whose sent_at is more than 5 minutes old and an
 * event id it has already processed (answered 200, not processed again).
 */
export type Received = {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; created_at: string; sent_at: string; data: Record<string, unknown> };
};

/** Felloh SDK src/webhooks.ts verifyWebhookSignature, the same computation. */
export function verifyWebhookSignature({
  payload,
  signature,
  secret,
}: {
  payload: string;
  signature: string;
  secret: string;
}): boolean {
  const expected = createHmac('sha256', secret).update(payload).digest('hex');
  if (expected.length !== signature.length) return false;
  return timingSafeEqual(Buffer.from(signature, 'utf8'), Buffer.from(expected, 'utf8'));
}

export async function startReceiver() {
  /** Secret per path; a path without a secret answers 404. */
  const secrets = new Map<string, string>();
  /** The status the receiver answers after verifying (500 to make attempts fail). */
  const state = { status: 200, delayMs: 0 };
  const processed: Received[] = [];
  const refused = { badSignature: 0, stale: 0, duplicate: 0 };
  const seen = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const answer = (status: number) => setTimeout(() => response.writeHead(status).end(), state.delayMs);
      const path = request.url ?? '/';
      const secret = secrets.get(path);
      if (!secret) return answer(404);
      const signature = String(request.headers['x-signature'] ?? '');
      if (!verifyWebhookSignature({ payload: raw, signature, secret })) {
        refused.badSignature += 1;
        return answer(401);
      }
      const body = JSON.parse(raw) as Received['body'];
      if (now().getTime() - Date.parse(body.sent_at) > 5 * 60_000) {
        refused.stale += 1;
        return answer(400);
      }
      if (state.status >= 200 && state.status < 300) {
        if (seen.has(body.id)) {
          refused.duplicate += 1;
          return answer(200);
        }
        seen.add(body.id);
        processed.push({ path, headers: request.headers, raw, body });
      }
      answer(state.status);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    secrets,
    state,
    processed,
    refused,
    seen,
    url: (path: string, host = '127.0.0.1') => `http://${host}:${port}${path}`,
    /** Sends a captured request again, as an attacker who recorded it would. */
    resend: (received: Received) =>
      fetch(`http://127.0.0.1:${port}${received.path}`, {
        method: 'POST',
        body: received.raw,
        headers: { 'content-type': 'application/json', 'x-signature': String(received.headers['x-signature']) },
      }).then((r) => r.status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
