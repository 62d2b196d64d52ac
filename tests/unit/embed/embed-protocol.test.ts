import { describe, expect, it } from 'vitest';
import {
  embedQuery,
  embedStoreCardChoice,
  embedTransactionMethod,
  noEmbedFlags,
  parseEmbedFlags,
} from '@/lib/embed/embed-flags';
import {
  heightMessage,
  hostLoadsStep,
  parseInitiatePay,
  redirectMessage,
  sdkFrameName,
  stageMessage,
} from '@/lib/embed/embed-protocol';
import { isPaymentStepUrl } from '@/lib/embed/step-url';
import { pageStage } from '@/lib/embed/page-stage';
import type { HostedTransaction } from '@/lib/core/hosted-checkout/load-hosted-checkout';

describe('embed flags', () => {
  it('turns a flag on only for its exact value, and carries them on in a fixed order', () => {
    expect(parseEmbedFlags({ hpb: '1', hsc: '1', method: 'MOTO_IN_PERSON' })).toEqual({
      hidePayButton: true,
      hideStoreCard: true,
      moto: true,
    });
    expect(parseEmbedFlags({ hpb: 'true', hsc: '0', method: 'moto_in_person' })).toEqual(noEmbedFlags);
    expect(parseEmbedFlags(new URLSearchParams('method=MOTO_IN_PERSON&hpb=1'))).toEqual({
      hidePayButton: true,
      hideStoreCard: false,
      moto: true,
    });
    expect(parseEmbedFlags({ hpb: ['1', '0'] }).hidePayButton).toBe(true);
    expect(embedQuery({ hidePayButton: true, hideStoreCard: true, moto: true })).toBe(
      '?hpb=1&hsc=1&method=MOTO_IN_PERSON',
    );
    expect(embedQuery(noEmbedFlags)).toBe('');
  });

  it('records MOTO only when asked', () => {
    expect(embedTransactionMethod({ ...noEmbedFlags, moto: true })).toBe('MOTO_IN_PERSON');
    expect(embedTransactionMethod(noEmbedFlags)).toBe('ONLINE');
  });

  it('hsc=1 hides the store-card choice but never overrides an organisation that forces saving', () => {
    const hsc = { ...noEmbedFlags, hideStoreCard: true };
    expect(embedStoreCardChoice('choice', hsc)).toBe('hidden');
    expect(embedStoreCardChoice('forced', hsc)).toBe('forced');
    expect(embedStoreCardChoice('choice', noEmbedFlags)).toBe('choice');
  });
});

describe('embed messages', () => {
  it('are JSON strings, the only thing the SDK parses', () => {
    expect(stageMessage({ stage: 'success', transactionID: 'abc' })).toBe('{"stage":"success","transactionID":"abc"}');
    expect(stageMessage({ stage: 'error', code: 'embed.not_found' })).toBe(
      '{"stage":"error","code":"embed.not_found"}',
    );
    expect(heightMessage(612.2)).toBe('{"iframe_height":613}');
    expect(redirectMessage('https://x.example/3ds')).toBe('{"iframeRedirect":"https://x.example/3ds"}');
  });

  it("the SDK's frame (its name) loads a step itself on iframeRedirect; under any other host the page does", () => {
    expect(sdkFrameName).toBe('felloh-payment-sdk');
    expect(hostLoadsStep({ framed: true, name: 'felloh-payment-sdk' })).toBe(true);
    expect(hostLoadsStep({ framed: true, name: '' })).toBe(false);
    expect(hostLoadsStep({ framed: true, name: 'payment' })).toBe(false);
    // A React Native WebView (no frame) keeps loading the step itself, whatever its name.
    expect(hostLoadsStep({ framed: false, name: 'felloh-payment-sdk' })).toBe(false);
  });

  it('INITIATE_PAY arrives as an object or a JSON string; anything else is not for us', () => {
    expect(parseInitiatePay({ type: 'INITIATE_PAY', payload: 'pk_1' })).toEqual({ publicKey: 'pk_1' });
    expect(parseInitiatePay('{"type":"INITIATE_PAY","payload":" pk_2 "}')).toEqual({ publicKey: 'pk_2' });
    expect(parseInitiatePay({ type: 'INITIATE_PAY' })).toEqual({ publicKey: '' });
    for (const other of [
      '{"iframe_height":3}',
      'not json',
      42,
      null,
      { type: 'initiate_pay', payload: 'pk' },
      '"INITIATE_PAY"',
    ]) {
      expect(parseInitiatePay(other), String(other)).toBeNull();
    }
  });
});

describe('payment step URLs the embed may load in its frame', () => {
  const own = 'http://localhost:3000';
  const adyen = ['https://checkoutshopper-test.adyen.com'];
  it('allows the sandbox step pages and the processor, nothing else', () => {
    expect(isPaymentStepUrl(`${own}/sandbox/3ds/SBX-1`, own, [])).toBe(true);
    expect(isPaymentStepUrl(`${own}/fr/sandbox/bank/SBX-2`, own, [])).toBe(true);
    expect(
      isPaymentStepUrl('https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect', own, adyen),
    ).toBe(true);
    for (const url of [
      `${own}/docs/errors`,
      `${own}/sandbox/mailbox`,
      'https://evil.example/sandbox/3ds/x',
      'javascript:alert(1)',
      '/sandbox/3ds/x',
      'http://checkoutshopper-test.adyen.com/x',
      'https://user:pw@checkoutshopper-test.adyen.com/x',
      `${own}/sandbox/3ds/a/b`,
    ]) {
      expect(isPaymentStepUrl(url, own, adyen), url).toBe(false);
    }
  });
});

describe('the stage an embed page announces', () => {
  const paid = { id: 't1', status: 'COMPLETE' } as HostedTransaction;
  const session = (latest: HostedTransaction | null, methods = { card: true, openBanking: false }) => ({
    latest,
    methods,
  });
  it('follows the state table', () => {
    expect(pageStage(null, 'not_found')).toEqual({ stage: 'error', code: 'embed.not_found' });
    expect(pageStage(session(paid), 'paid')).toEqual({ stage: 'success', transactionID: 't1' });
    expect(pageStage(session(null), 'expired')).toEqual({ stage: 'expired' });
    expect(pageStage(session(paid), 'away')).toEqual({ stage: 'processing', transactionID: 't1' });
    expect(pageStage(session(null), 'active')).toEqual({ stage: 'rendered' });
    expect(pageStage(session(null), 'active', 't2')).toEqual({ stage: 'declined', transactionID: 't2' });
    expect(pageStage(session(null, { card: false, openBanking: false }), 'active')).toEqual({
      stage: 'error',
      code: 'embed.no_payment_method',
    });
  });

  it('refuses the MOTO flag on a session that does not allow MOTO, and only then', () => {
    expect(pageStage({ ...session(null), motoAllowed: false }, 'active', undefined, true)).toEqual({
      stage: 'error',
      code: 'embed.moto_not_allowed',
    });
    expect(pageStage({ ...session(null), motoAllowed: true }, 'active', undefined, true)).toEqual({
      stage: 'rendered',
    });
    expect(pageStage({ ...session(null), motoAllowed: false }, 'active')).toEqual({ stage: 'rendered' });
    expect(pageStage({ ...session(paid), motoAllowed: false }, 'paid', undefined, true)).toEqual({
      stage: 'success',
      transactionID: 't1',
    });
  });
});
