import path from 'node:path';

/**
 * Everything the service reads from its environment, in one place.
 * Read lazily so that `next build` never needs a database or secrets.
 */
export type ServiceMode = 'sandbox' | 'production';
/** An environment: process.env, or a plain object in tests. */
export type Env = Readonly<Record<string, string | undefined>>;
export const serviceModes: readonly ServiceMode[] = ['sandbox', 'production'];

/**
 * MODE=sandbox|production, said explicitly (checkStartup refuses anything else).
 * Unset means sandbox, which start-up allows only on the embedded database. A value
 * that is neither fails closed: no sandbox page, key or helper is ever served under it.
 */
export function serviceMode(env: Env = process.env): ServiceMode {
  const mode = env.MODE?.trim();
  return !mode || mode === 'sandbox' ? 'sandbox' : 'production';
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

/**
 * How many reverse proxies in front of the service append to `X-Forwarded-For`
 * (docs/checkout.md, "Card testing"). 0, the default, trusts no forwarded
 * header: Next.js fills X-Forwarded-For from the socket only when the client
 * sent none, so without a proxy any value in it may be forged. With N proxies
 * the client's address is the Nth entry from the right.
 */
export function trustedProxyHops(env: Env = process.env): number {
  const hops = Number(env.TRUSTED_PROXY_HOPS ?? 0);
  return Number.isInteger(hops) && hops >= 0 && hops <= 10 ? hops : 0;
}

export type AdyenEnvironment = 'test' | 'live' | 'live-us' | 'live-au' | 'live-apse' | 'live-in' | 'live-nea';
export const adyenEnvironments: readonly AdyenEnvironment[] = [
  'test',
  'live',
  'live-us',
  'live-au',
  'live-apse',
  'live-in',
  'live-nea',
];

/** ADYEN_ENVIRONMENT (default test); null when it names no Adyen environment. */
export function adyenEnvironment(env: Env = process.env): AdyenEnvironment | null {
  const configured = env.ADYEN_ENVIRONMENT?.trim().toLowerCase() || 'test';
  return adyenEnvironments.find((name) => name === configured) ?? null;
}

/**
 * What the browser's Adyen Card component needs (production mode only): the
 * client key (public, made for browsers: ADYEN_CLIENT_KEY) and the environment
 * it belongs to (ADYEN_ENVIRONMENT, default test). Null when not configured.
 */
export function adyenClientConfig(env: Env = process.env): { clientKey: string; environment: AdyenEnvironment } | null {
  const clientKey = env.ADYEN_CLIENT_KEY?.trim();
  if (!clientKey) return null;
  const environment = adyenEnvironment(env);
  return environment ? { clientKey, environment } : null;
}

/**
 * What Adyen's standard notifications are checked with (docs/processor-notifications.md):
 * the HMAC key (hex, from the Customer Area webhook settings) and, when both are
 * set, the Basic auth user and password Adyen sends. Null key: nothing verifies.
 */
export function adyenNotificationConfig(env: Env = process.env): {
  hmacKey: string | null;
  basicAuth: { username: string; password: string } | null;
} {
  const hmacKey = env.ADYEN_HMAC_KEY?.trim() || null;
  const username = env.ADYEN_NOTIFICATION_USERNAME ?? '';
  const password = env.ADYEN_NOTIFICATION_PASSWORD ?? '';
  return { hmacKey, basicAuth: username && password ? { username, password } : null };
}
