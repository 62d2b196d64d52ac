import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdyenSimulator, FailAnswer } from './server';

/**
 * The simulator's test hooks over HTTP, for tests in another process than the simulator (Playwright's
 * specs drive a simulator that scripts/adyen-simulator.ts started as a web server). Adyen has nothing
 * like it: it is on a port of its own, never under /v71, so no request of the product can reach it.
 *
 *   GET  /health                      200 once listening (Playwright's readiness URL)
 *   GET  /requests                    every API call so far: [{ path, headers, body, status }]
 *   GET  /violations                  requests that broke the v71 description
 *   GET  /notifications               the notifications queued and not yet delivered
 *   POST /deliver    { order?, repeat?, eventCode?, merchantReference? }  delivers queued ones; answers the statuses
 *   POST /fail-next  { path, answer, times? }   `path` a string, or "/regex/" for a pattern; answer.bodyIncludes picks one request
 *   POST /fail-modification { psp, eventCode, reason? }
 */
export async function startSimulatorControl(
  sim: AdyenSimulator,
  port = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      void handle(sim, req.method ?? 'GET', (req.url ?? '/').split('?')[0]!, text).then(
        (body) => send(res, 200, body),
        (error: unknown) => send(res, 400, { error: String(error) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${bound}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body ?? null));
}

type DeliverBody = { order?: 'sent' | 'reversed'; repeat?: number; eventCode?: string; merchantReference?: string };

async function handle(sim: AdyenSimulator, method: string, path: string, text: string): Promise<unknown> {
  const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  const route = `${method} ${path}`;
  switch (route) {
    case 'GET /health':
      return { ok: true, url: sim.url };
    case 'GET /requests':
      return sim.requests;
    case 'GET /violations':
      return sim.violations;
    case 'GET /notifications':
      return sim.queuedNotifications();
    case 'POST /deliver': {
      const { order, repeat, eventCode, merchantReference } = body as DeliverBody;
      return sim.deliverNotifications({
        ...(order ? { order } : {}),
        ...(repeat ? { repeat } : {}),
        only: (item) =>
          (!eventCode || item.eventCode === eventCode) &&
          (!merchantReference || item.merchantReference === merchantReference),
      });
    }
    case 'POST /fail-next': {
      const path = String(body.path);
      const pattern =
        path.startsWith('/') && path.endsWith('/') && path.length > 2 ? new RegExp(path.slice(1, -1)) : path;
      sim.failNext(pattern, body.answer as FailAnswer, Number(body.times ?? 1));
      return { ok: true };
    }
    case 'POST /fail-modification':
      sim.failModification(
        String(body.psp),
        body.eventCode as Parameters<AdyenSimulator['failModification']>[1],
        body.reason ? String(body.reason) : undefined,
      );
      return { ok: true };
    default:
      throw new Error(`no control route ${route}`);
  }
}
