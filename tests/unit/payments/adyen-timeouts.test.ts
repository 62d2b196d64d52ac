import { describe, expect, it } from 'vitest';
import { AdyenProcessor } from '@/lib/payments/processor/adyen/adyen-processor';
import type { FetchLike } from '@/lib/payments/processor/adyen/adyen-client';
import { ProcessorError, ProcessorOutcomeUnknown } from '@/lib/payments/processor/port';
import { testConfig } from './support/fake-adyen';

const adyen = (fetch: FetchLike, timeoutMs = 50) => new AdyenProcessor({ ...testConfig, timeoutMs }, fetch);
const answer =
  (status: number, body: string, headers: Record<string, string> = {}): FetchLike =>
  async () =>
    new Response(body, { status, headers });
const capture = (p: AdyenProcessor) =>
  p.capture({ providerReference: 'PSP1', amount: 100, currency: 'GBP', idempotencyKey: 'k1' });
const lookup = (p: AdyenProcessor) =>
  p.lookupCard({ kind: 'adyen_encrypted', holderName: 'A', fields: { encryptedCardNumber: 'enc' } });
/** A fetch that never answers until its signal aborts, like a processor that hangs. */
const hanging: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason)));

async function failure(attempt: Promise<unknown>): Promise<unknown> {
  return attempt.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('Adyen calls have a timeout, and say what a failure means', () => {
  it('a money-moving call that times out after sending is an unknown outcome', async () => {
    const started = Date.now();
    expect(await failure(capture(adyen(hanging)))).toBeInstanceOf(ProcessorOutcomeUnknown);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a lookup that times out moved nothing: a transient ProcessorError', async () => {
    const error = await failure(lookup(adyen(hanging)));
    expect(error).toBeInstanceOf(ProcessorError);
    expect((error as ProcessorError).transient).toBe(true);
  });

  it('connection refused before sending is a transient ProcessorError (nothing reached Adyen)', async () => {
    const refused: FetchLike = async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    };
    const error = await failure(capture(adyen(refused)));
    expect(error).toBeInstanceOf(ProcessorError);
    expect((error as ProcessorError).transient).toBe(true);
  });

  it('a connection lost after sending is unknown', async () => {
    const reset: FetchLike = async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
    };
    expect(await failure(capture(adyen(reset)))).toBeInstanceOf(ProcessorOutcomeUnknown);
  });

  it('429 and a 5xx marked transient-error are transient ProcessorErrors; another 5xx is unknown', async () => {
    for (const fetch of [
      answer(429, '{"status":429,"errorCode":"000","message":"Too many requests"}'),
      answer(503, '{"status":503}', { 'transient-error': 'true' }),
    ]) {
      const error = await failure(capture(adyen(fetch)));
      expect(error).toBeInstanceOf(ProcessorError);
      expect((error as ProcessorError).transient).toBe(true);
    }
    expect(
      await failure(
        capture(adyen(answer(500, '{"status":500,"errorCode":"905","message":"Payment details are not supported"}'))),
      ),
    ).toBeInstanceOf(ProcessorOutcomeUnknown);
  });

  it('a 4xx validation error is a permanent ProcessorError', async () => {
    const error = await failure(
      capture(
        adyen(
          answer(
            422,
            '{"status":422,"errorCode":"167","message":"Original pspReference required","errorType":"validation"}',
          ),
        ),
      ),
    );
    expect(error).toBeInstanceOf(ProcessorError);
    expect((error as ProcessorError).transient).toBe(false);
  });

  it('an answer that is not JSON, or a key still in progress (704), is unknown', async () => {
    expect(await failure(capture(adyen(answer(200, '<html>gateway</html>'))))).toBeInstanceOf(ProcessorOutcomeUnknown);
    expect(
      await failure(
        capture(
          adyen(answer(422, '{"status":422,"errorCode":"704","message":"request already processed or in progress"}')),
        ),
      ),
    ).toBeInstanceOf(ProcessorOutcomeUnknown);
  });

  it('reads ADYEN_TIMEOUT_MS, 30 s by default', async () => {
    const { adyenConfigFromEnv } = await import('@/lib/payments/processor/adyen/adyen-config');
    const env = { ADYEN_API_KEY: 'k', ADYEN_MERCHANT_ACCOUNT: 'm' } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv;
    expect(adyenConfigFromEnv(env).timeoutMs).toBe(30_000);
    expect(adyenConfigFromEnv({ ...env, ADYEN_TIMEOUT_MS: '5000' }).timeoutMs).toBe(5_000);
  });
});
