import path from 'node:path';

/**
 * Everything the service reads from its environment, in one place.
 * Read lazily so that `next build` never needs a database or secrets.
 */
export type ServiceMode = 'sandbox' | 'production';

export function serviceMode(): ServiceMode {
  // Product rule: with no processor keys configured the service runs in sandbox mode.
  return process.env.ADYEN_API_KEY && process.env.ADYEN_MERCHANT_ACCOUNT ? 'production' : 'sandbox';
}

export const isSandbox = () => serviceMode() === 'sandbox';

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? './data');
}

export function databaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

export function port(): number {
  return Number(process.env.PORT ?? 3000);
}

/** The public origin written into emails and shown on pages; never taken from a request's Host header. */
export function publicBaseUrl(): string {
  return (process.env.PUBLIC_BASE_URL ?? `http://localhost:${port()}`).replace(/\/+$/, '');
}
