import schemas from './checkout-v71-requests.json';

/**
 * Checks a request body against Adyen's published Checkout API v71 request schemas
 * (json/CheckoutService-v71.json in Adyen/adyen-openapi, trimmed by trim-openapi.ts into
 * checkout-v71-requests.json): required fields, JSON types, enums, string lengths, integer
 * bounds, and `additionalProperties: false` (a field Adyen does not define). A small validator over
 * the subset of JSON Schema that file uses ($ref, oneOf, type, enum, required, properties,
 * additionalProperties, items, maxLength/minLength, minimum/maximum), not a general one.
 *
 * How Adyen answers a request that fails, which answer() builds:
 * - a field it does not define: 400, errorCode "702" (the spec's generic-400 example: errorCode 702,
 *   errorType "validation"); the message naming the unknown fields is the simulator's wording.
 * - `returnUrl` missing on /payments: 422 errorCode "14_030" "Return URL is missing." (the spec's
 *   generic-422 example, word for word: v71 marks returnUrl required on PaymentRequest).
 * - `reference` missing: 422 errorCode "130" "Reference Missing" (src/__mocks__/checkout/
 *   paymentsErrorInvalidData422.ts in Adyen/adyen-node-api-library).
 * - anything else (another required field, a wrong type or enum value): 422 errorType "validation" with
 *   errorCode "100" and a message naming the field; that code is the simulator's choice (no recorded answer).
 */
type Schema = {
  $ref?: string;
  oneOf?: Schema[];
  type?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
};
export type Problem = {
  path: string;
  kind: 'unknown' | 'required' | 'type' | 'enum' | 'length' | 'range';
  detail: string;
};

const all = schemas as unknown as Record<string, Schema>;
const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(all[schema.$ref.split('/').pop()!]!) : schema);
const join = (base: string, key: string | number) =>
  typeof key === 'number' ? `${base}[${key}]` : base ? `${base}.${key}` : key;

function typeOk(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    default:
      return typeof value === type;
  }
}

export function check(schemaName: string, body: unknown): Problem[] {
  const problems: Problem[] = [];
  const walk = (given: Schema, value: unknown, at: string) => {
    const schema = resolve(given);
    if (schema.oneOf) {
      // Adyen's payment-method oneOf is told apart by `type`: the branch whose type enum holds the value.
      const type = (value as { type?: unknown } | null)?.type;
      const branch = schema.oneOf.map(resolve).find((s) => (s.properties?.type?.enum ?? []).includes(type));
      if (!branch)
        problems.push({
          path: join(at, 'type'),
          kind: 'enum',
          detail: `payment method type ${JSON.stringify(type)} is not supported`,
        });
      else walk(branch, value, at);
      return;
    }
    if (schema.type && !typeOk(schema.type, value))
      return void problems.push({ path: at, kind: 'type', detail: `expected ${schema.type}` });
    if (schema.enum && !schema.enum.includes(value))
      problems.push({ path: at, kind: 'enum', detail: `not one of ${schema.enum.join(', ')}` });
    if (
      typeof value === 'string' &&
      ((schema.maxLength !== undefined && value.length > schema.maxLength) || value.length < (schema.minLength ?? 0))
    ) {
      problems.push({
        path: at,
        kind: 'length',
        detail: `length ${value.length} outside ${schema.minLength ?? 0}..${schema.maxLength ?? '∞'}`,
      });
    }
    if (
      typeof value === 'number' &&
      ((schema.minimum !== undefined && value < schema.minimum) ||
        (schema.maximum !== undefined && value > schema.maximum))
    ) {
      problems.push({ path: at, kind: 'range', detail: `outside ${schema.minimum ?? '-∞'}..${schema.maximum ?? '∞'}` });
    }
    if (Array.isArray(value) && schema.items) value.forEach((item, i) => walk(schema.items!, item, join(at, i)));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    const object = value as Record<string, unknown>;
    for (const name of schema.required ?? [])
      if (object[name] === undefined)
        problems.push({ path: join(at, name), kind: 'required', detail: 'is not provided' });
    for (const [name, inner] of Object.entries(object)) {
      const property = schema.properties?.[name];
      if (property) walk(property, inner, join(at, name));
      else if (schema.additionalProperties === false)
        problems.push({ path: join(at, name), kind: 'unknown', detail: 'is not a field of the schema' });
      else if (typeof schema.additionalProperties === 'object')
        walk(schema.additionalProperties, inner, join(at, name));
    }
  };
  walk({ $ref: `#/components/schemas/${schemaName}` }, body, '');
  return problems;
}

export type AdyenErrorAnswer = {
  status: number;
  body: { status: number; errorCode: string; message: string; errorType: string };
};

/** The answer Adyen gives to a request with these problems (see the header for the source of each). */
export function answer(schemaName: string, problems: Problem[]): AdyenErrorAnswer {
  const unknown = problems.filter((p) => p.kind === 'unknown');
  const error = (status: number, errorCode: string, message: string) => ({
    status,
    body: { status, errorCode, message, errorType: 'validation' },
  });
  if (unknown.length)
    return error(
      400,
      '702',
      `Structure of ${schemaName} contains the following unknown fields: [${unknown.map((p) => p.path).join(', ')}]`,
    );
  const first = problems[0]!;
  if (first.path === 'returnUrl' && first.kind === 'required') return error(422, '14_030', 'Return URL is missing.');
  if (first.path === 'reference' && first.kind === 'required') return error(422, '130', 'Reference Missing');
  if (first.kind === 'required') return error(422, '100', `Required field '${first.path}' is not provided.`);
  return error(422, '100', `Field '${first.path}' is not valid: ${first.detail}.`);
}
