/**
 * Regenerates checkout-v71-requests.json, the trimmed copy of Adyen's published Checkout API v71
 * request schemas that openapi-check.ts validates against:
 *
 *   npx tsx tests/support/adyen-simulator/trim-openapi.ts path/to/CheckoutService-v71.json
 *
 * Source: json/CheckoutService-v71.json in github.com/Adyen/adyen-openapi (copy read at commit
 * aa014f0cbdb58ff5c44a2ff9d5fe734642210aff). Trimmed as follows, nothing else changed:
 * - only the request schemas of the endpoints the simulator serves, and every schema they reference;
 * - PaymentRequest.paymentMethod's oneOf keeps only the methods the simulator models (CardDetails,
 *   StoredPaymentMethodDetails, PayByBankDetails, ApplePayDetails, GooglePayDetails): any other type is answered
 *   as unsupported;
 * - descriptions, examples and x-* vendor keys removed (documentation, not constraints).
 */
import fs from 'node:fs';
import path from 'node:path';

const roots = [
  'PaymentRequest',
  'PaymentDetailsRequest',
  'CardDetailsRequest',
  'PaymentCaptureRequest',
  'PaymentRefundRequest',
  'PaymentReversalRequest',
  'PaymentCancelRequest',
  'StandalonePaymentCancelRequest',
];
const keptMethods = [
  'CardDetails',
  'StoredPaymentMethodDetails',
  'PayByBankDetails',
  'ApplePayDetails',
  'GooglePayDetails',
];
const dropped = new Set(['description', 'example', 'examples', 'externalDocs', 'title']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function strip(value: Json): Json {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, Json> = {};
  for (const [key, inner] of Object.entries(value))
    if (!dropped.has(key) && !key.startsWith('x-')) out[key] = strip(inner);
  return out;
}

export function trim(spec: { components: { schemas: Record<string, Json> } }): Record<string, Json> {
  const all = spec.components.schemas;
  const kept: Record<string, Json> = {};
  const visit = (name: string) => {
    if (kept[name] !== undefined) return;
    let schema = strip(all[name]!) as Record<string, Json>;
    if (name === 'PaymentRequest') {
      const properties = schema.properties as Record<string, Json>;
      const oneOf = keptMethods.map((method) => ({ $ref: `#/components/schemas/${method}` }));
      schema = { ...schema, properties: { ...properties, paymentMethod: { oneOf } } };
    }
    kept[name] = schema;
    for (const ref of JSON.stringify(schema).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) visit(ref[1]!);
  };
  roots.forEach(visit);
  return Object.fromEntries(
    Object.keys(kept)
      .sort()
      .map((name) => [name, kept[name]!]),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const source = process.argv[2];
  if (!source) throw new Error('usage: trim-openapi.ts path/to/CheckoutService-v71.json');
  const spec = JSON.parse(fs.readFileSync(source, 'utf8')) as { components: { schemas: Record<string, Json> } };
  const out = path.join(import.meta.dirname, 'checkout-v71-requests.json');
  fs.writeFileSync(out, JSON.stringify(trim(spec)) + '\n');
  console.log(`wrote ${out}`);
}
