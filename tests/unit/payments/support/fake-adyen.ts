import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { FetchLike } from '@/lib/payments/processor/adyen/adyen-client';
import { AdyenProcessor } from '@/lib/payments/processor/adyen/adyen-processor';

/** A recorded exchange with Adyen: the exact request the adapter must send, and what Adyen answered. */
export type AdyenFixture = {
  about: string;
  request: { method: string; url: string; headers: Record<string, string>; body: unknown };
  response: { status: number; body: unknown };
};

export function fixture(name: string): AdyenFixture {
  return JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'adyen', `${name}.json`), 'utf8'),
  ) as AdyenFixture;
}

export const testConfig = {
  apiKey: 'AQE_test_api_key',
  merchantAccount: 'TravelPayECOM',
  checkoutUrl: 'https://checkout-test.adyen.com/v71',
};

/**
 * An AdyenProcessor whose fetch plays the named fixtures in order: each call
 * must be exactly the recorded request (URL, method, headers, JSON body), and
 * gets the recorded answer. Nothing reaches the network. The adapter turns a
 * throwing fetch into a ProcessorError, so a mismatch is also kept aside and
 * `done()` fails the test with it (and if a fixture was not played).
 */
export function adyenWith(...names: string[]) {
  const queue = names.map(fixture);
  const mismatches: unknown[] = [];
  const fetch: FetchLike = async (url, init) => {
    const next = queue.shift();
    const sent = { method: init.method, url, headers: init.headers, body: JSON.parse(init.body) as unknown };
    try {
      if (!next) throw new Error(`unexpected call to ${url}`);
      expect(sent).toEqual(next.request);
    } catch (error) {
      mismatches.push(error);
      throw error;
    }
    return new Response(JSON.stringify(next.response.body), {
      status: next.response.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const done = () => {
    if (mismatches.length) throw mismatches[0];
    expect(
      queue.map((f) => f.about),
      'fixtures not played',
    ).toEqual([]);
  };
  return { processor: new AdyenProcessor(testConfig, fetch), done };
}
