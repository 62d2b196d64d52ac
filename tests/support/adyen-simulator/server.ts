import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { failAnswer, failureQueue, slowness, type FailAnswer } from './failures';
import { modify, standaloneCancel, type ModificationKind } from './modifications';
import { check, answer as validationAnswer } from './openapi-check';
import { idempotencyStore, inProgress } from './idempotency';
import { notificationQueue, type DeliverOptions, type NotificationItem } from './notifications';
import { shopperPage } from './pages';
import { cardDetails, paymentDetails, payments, shopperDecides } from './payments';
import { adyenId, newState, type Answer } from './state';

/**
 * An HTTP server speaking Adyen's Checkout API v71 for the tests (never served by the product). Each
 * part follows a documented behaviour, cited in its own file: payments.ts (payments, 3-D Secure, Pay by
 * Bank, stored cards, card details), modifications.ts, notifications.ts (webhooks and HMAC),
 * idempotency.ts, openapi-check.ts (requests against CheckoutService-v71.json), test-values.ts.
 * Here, in order, for every POST under /v71:
 * 1. X-API-Key: missing or wrong → 401 `{ status: 401, errorCode: "000", message: "HTTP Status Response -
 *    Unauthorized", errorType: "security" }` (generic-401 example of CheckoutService-v71.json).
 * 2. failNext answers set by the test (failures.ts): a 500 with or without `transient-error: true`, a
 *    dropped connection, before or after processing; `{ delayMs }` alone is a slow Adyen (key in progress: 704).
 * 3. Body not JSON → 400 errorCode "702" (generic-400 example).
 * 4. Idempotency-Key: stored answer, or 704 while the first is in progress (idempotency.ts).
 * 5. latencyMs (Adyen-like latency for the benchmark), spent while the key is in progress.
 * 6. merchantAccount other than the configured one → 403 `{ status: 403, errorCode: "901", message:
 *    "Invalid Merchant Account", errorType: "security", pspReference }` (generic-403 example).
 * 7. The OpenAPI check: a failing request is recorded in `violations` and answered 400/422.
 * 8. The endpoint.
 * GET /threeds/:id and /bank/:id are the simulator's 3-D Secure and bank pages (pages.ts).
 */
export type AdyenSimulatorOptions = {
  hmacKey?: string;
  notificationUrl?: string;
  basicAuth?: { username: string; password: string };
  latencyMs?: number;
  apiKey?: string;
  merchantAccount?: string;
  /** Port to listen on (default: any free port). */ port?: number;
};
export type RecordedRequest = { path: string; headers: Record<string, string>; body: unknown; status: number };

export type { FailAnswer };
/** Adyen's example HMAC key from its docs (also the product tests' TEST_HMAC_KEY). */
export const defaultHmacKey = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';

const routes: [RegExp, string][] = [
  [/^\/payments$/, 'PaymentRequest'],
  [/^\/payments\/details$/, 'PaymentDetailsRequest'],
  [/^\/cardDetails$/, 'CardDetailsRequest'],
  [/^\/payments\/[^/]+\/captures$/, 'PaymentCaptureRequest'],
  [/^\/payments\/[^/]+\/refunds$/, 'PaymentRefundRequest'],
  [/^\/payments\/[^/]+\/reversals$/, 'PaymentReversalRequest'],
  [/^\/payments\/[^/]+\/cancels$/, 'PaymentCancelRequest'],
  [/^\/cancels$/, 'StandalonePaymentCancelRequest'],
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const error = (status: number, errorCode: string, message: string, errorType: string, psp = true): Answer => ({
  status,
  body: { status, errorCode, message, errorType, ...(psp ? { pspReference: adyenId() } : {}) },
});

export async function startAdyenSimulator(options: AdyenSimulatorOptions = {}) {
  const apiKey = options.apiKey ?? 'AQE_simulator_key';
  const merchantAccount = options.merchantAccount ?? 'TravelPayECOM';
  const hmacKey = options.hmacKey ?? defaultHmacKey;
  const state = newState();
  const notifications = notificationQueue({
    hmacKey,
    merchantAccount,
    ...(options.basicAuth ? { basicAuth: options.basicAuth } : {}),
  });
  if (options.notificationUrl) notifications.setUrl(options.notificationUrl);
  const idempotency = idempotencyStore();
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const failures = failureQueue();
  let origin = '';
  const context = () => ({ state, notifications, baseUrl: origin, merchantAccount });

  function endpoint(path: string, body: Record<string, unknown>): Answer {
    if (path === '/payments') return payments(context(), body);
    if (path === '/payments/details') return paymentDetails(context(), body);
    if (path === '/cardDetails') return cardDetails(body);
    if (path === '/cancels') return standaloneCancel(context(), body);
    const [, psp, kind] = path.split('/').slice(1);
    return modify(context(), kind as ModificationKind, decodeURIComponent(psp!), body);
  }

  async function process(path: string, text: string, delayMs: number): Promise<Answer> {
    const route = routes.find(([pattern]) => pattern.test(path));
    if (!route) return error(404, '000', 'Not Found', 'validation', false);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return error(400, '702', 'Unexpected input', 'validation', false);
    }
    if (options.latencyMs || delayMs) await sleep((options.latencyMs ?? 0) + delayMs);
    if (path !== '/payments/details' && body.merchantAccount !== merchantAccount)
      return error(403, '901', 'Invalid Merchant Account', 'security');
    const problems = check(route[1], body);
    if (problems.length) {
      violations.push(...problems.map((p) => `${path} ${route[1]}.${p.path}: ${p.detail}`));
      return validationAnswer(route[1], problems);
    }
    return endpoint(path, body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on(
      'end',
      () =>
        void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((e: unknown) => {
          res
            .writeHead(500, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ status: 500, errorCode: '000', message: String(e), errorType: 'internal' }));
        }),
    );
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, text: string) {
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'GET')
      return shopperPage(
        url,
        res,
        (id) => state.redirects.has(id),
        (redirectUrl, decision) => shopperDecides(context(), redirectUrl, decision),
      );
    const path = url.pathname.replace(/^\/v71/, '');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* recorded as text */
    }
    const send = (answer: Answer) => {
      requests.push({ path, headers, body, status: answer.status });
      res
        .writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers })
        .end(JSON.stringify(answer.body));
    };
    if (req.headers['x-api-key'] !== apiKey) {
      return send({
        status: 401,
        body: { status: 401, errorCode: '000', message: 'HTTP Status Response - Unauthorized', errorType: 'security' },
      });
    }
    const taken = failures.take(path, text);
    const slow = slowness(taken); // a delay alone is a slow Adyen, not a failure: processed late
    const failure = slow ? undefined : taken;
    if (failure && !failure.afterProcessing) return fail(failure, res, send, { path, headers, body });
    const key = req.headers['idempotency-key'] as string | undefined;
    const echo = key ? { 'Idempotency-Key': key } : undefined;
    if (key) {
      const replay = idempotency.begin(path, key, text);
      if (replay.kind === 'stored') return send({ ...replay.answer, headers: { ...replay.answer.headers, ...echo } });
      if (replay.kind === 'in-progress') return send({ ...inProgress, headers: echo });
    }
    let answer: Answer | null = null;
    try {
      answer = await process(path, text, slow);
      if (echo) answer = { ...answer, headers: { ...answer.headers, ...echo } };
    } finally {
      if (key) idempotency.finish(path, key, text, answer);
    }
    if (failure) return fail(failure, res, send, { path, headers, body });
    if (res.destroyed) return void requests.push({ path, headers, body, status: 0 }); // the client gave up waiting
    send(answer);
  }

  async function fail(
    f: FailAnswer,
    res: http.ServerResponse,
    send: (answer: Answer) => void,
    recorded: Omit<RecordedRequest, 'status'>,
  ) {
    if (f.delayMs) await sleep(f.delayMs);
    if (f.dropConnection) {
      requests.push({ ...recorded, status: 0 });
      return void res.socket?.destroy();
    }
    if (!res.writableEnded && !res.destroyed) send(failAnswer(f));
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}/v71`,
    hmacKey,
    apiKey,
    merchantAccount,
    requests,
    violations,
    /** Replays with a stored key whose body differed from the first request's (see idempotency.ts). */
    mismatchedReplays: idempotency.mismatchedReplays,
    setNotificationUrl: (next: string) => notifications.setUrl(next),
    shopper: async (redirectUrl: string, decision: 'pass' | 'fail' | 'abandon') =>
      shopperDecides(context(), redirectUrl, decision),
    queuedNotifications: (): NotificationItem[] => notifications.queued(),
    deliverNotifications: (deliverOptions?: DeliverOptions) => notifications.deliver(deliverOptions),
    failNext(pathPattern: string | RegExp, answer: FailAnswer, times = 1) {
      failures.add(pathPattern, answer, times);
    },
    /** From now on, RedirectShopper answers carry no pspReference (state.ts says why Adyen may do so). */
    omitRedirectPspReference(omit = true) {
      state.redirectsWithoutPspReference = omit;
    },
    /**
     * The next CAPTURE / REFUND / CANCELLATION / CANCEL_OR_REFUND of this payment is refused in its notification
     * (success "false"). `{ card }`: of the next payment of that card number (a wallet's modification made before the
     * test learns its pspReference, as the cancel of a refused wallet card is: wallet-decision.ts).
     */
    failModification(
      payment: string | { card: string },
      eventCode: 'CAPTURE' | 'REFUND' | 'CANCELLATION' | 'CANCEL_OR_REFUND',
      reason = 'Modification refused',
    ) {
      state.failures.set(`${typeof payment === 'string' ? payment : `card:${payment.card}`}:${eventCode}`, reason);
    },
    /**
     * The final outcome of a Received / Pending payment, as its (not yet delivered) AUTHORISATION notification
     * tells it: by default the simulator queues success "true"; this makes it "false" with the reason given.
     */
    settleAsynchronously(psp: string, outcome: 'Authorised' | 'Refused', reason = 'Refused') {
      const success = outcome === 'Authorised' ? ('true' as const) : ('false' as const);
      const changed = notifications.amend((item) => item.eventCode === 'AUTHORISATION' && item.pspReference === psp, {
        success,
        reason: success === 'true' ? '' : reason,
      });
      if (!changed) throw new Error(`no queued AUTHORISATION for ${psp}`);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

export type AdyenSimulator = Awaited<ReturnType<typeof startAdyenSimulator>>;
