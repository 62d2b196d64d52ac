import { adyenEnvironment, type Env, type ServiceMode } from '@/lib/config';
import { checkoutPlatform } from '@/lib/payments/processor/adyen/adyen-config';
import { routing } from '@/lib/i18n/routing';

/*
 * The response headers of every hosted page (everything outside /api), as pure
 * functions of the mode, the path and the request's nonce. proxy.ts applies them
 * once per request; docs/security-headers.md explains each choice.
 */

const locales = `(?:/(?:${routing.locales.join('|')}))?`;
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Pages under /embed are framed by an organisation's own site (the embedded checkout). */
const embedPath = new RegExp(`^${locales}/embed(?:/|$)`);
/** The sandbox's 3-D Secure and bank pages: the embed loads them inside its own frame. */
const embedStepPath = new RegExp(`^${locales}/sandbox/(?:3ds|bank)(?:/|$)`);
/** Pages that show or take a payment: the checkout (/{uuid} and its result pages), the embed, approvals, the group portal, the sandbox issuer and bank. */
const paymentPath = new RegExp(
  `^${locales}/(?:${uuid}(?:/|$)|embed(?:/|$)|approvals(?:/|$)|groups(?:/|$)|sandbox/(?:3ds|bank)(?:/|$))`,
  'i',
);

export const isEmbedPage = (pathname: string) => embedPath.test(pathname);
export const isEmbedStepPage = (pathname: string) => embedStepPath.test(pathname);
export const isPaymentPage = (pathname: string) => paymentPath.test(pathname);

/** A fresh, unguessable nonce for one response: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The processor's browser-facing origins: none in sandbox mode (its 3-D Secure and
 * bank pages are this service's own), Adyen's hosts in production: checkoutshopper
 * (Adyen Web's calls, secured card-field frames, redirect and 3-D Secure pages), its
 * CDN (resources) and checkoutanalytics (Adyen Web's analytics calls), for the one
 * environment ADYEN_ENVIRONMENT names (test, live, live-us, ...): @adyen/adyen-web v6
 * maps each environment to exactly these three hosts (core/Environment/constants.js:
 * API_ENVIRONMENTS, CDN_ENVIRONMENTS, ANALYTICS_ENVIRONMENTS). A live deployment never
 * allows the test platform's hosts, nor a test one the live hosts. An environment Adyen
 * does not know allows none (start-up refuses it in production anyway).
 */
export function processorOrigins(mode: ServiceMode, env: Env = {}): string[] {
  if (mode === 'sandbox') return [];
  const name = adyenEnvironment(env);
  if (!name) return [];
  const adyen = [
    `https://checkoutshopper-${name}.adyen.com`,
    `https://checkoutshopper-${name}.cdn.adyen.com`,
    `https://checkoutanalytics-${name}.adyen.com`,
  ];
  const stand = standInOrigin(env);
  return [...adyen, ...walletOrigins(env), ...(stand ? [stand] : [])];
}

/**
 * The wallets' own hosts, only where a wallet is configured (lib/payments/wallet-config.ts): Google Pay's
 * pay.js, its frames and calls (pay.google.com, Google's CSP guidance for the Google Pay API on the web), and
 * Apple's Apple Pay JS SDK host (applepay.cdn-apple.com), which adyen-web's ApplePay may load for its button.
 */
function walletOrigins(env: Env): string[] {
  return [
    ...(env.APPLE_PAY_MERCHANT_ID?.trim() ? ['https://applepay.cdn-apple.com'] : []),
    ...(env.GOOGLE_PAY_ENABLED === 'true' ? ['https://pay.google.com'] : []),
  ];
}

/**
 * The origin of an ADYEN_CHECKOUT_URL an operator set on purpose to a server that is not
 * Adyen's (checkoutPlatform 'other': the suite's Adyen simulator, a test double): such a
 * server also serves the shopper pages its answers redirect to (3-D Secure, the bank), so
 * the page may be sent there. Adyen's own hosts add nothing: their pages are the ones above.
 */
function standInOrigin(env: Env): string | null {
  const configured = env.ADYEN_CHECKOUT_URL?.trim();
  if (!configured) return null;
  try {
    const url = new URL(configured);
    return checkoutPlatform(url.hostname) === 'other' && (url.protocol === 'https:' || url.protocol === 'http:')
      ? url.origin
      : null;
  } catch {
    return null;
  }
}

/**
 * The frame-ancestors sources for an embedded page, from the organisation's allowed
 * origins (settings.allowed_embed_origins). Anything that is not a plain http(s)
 * origin is dropped, so a bad setting can only narrow the list; an empty list is 'none'.
 */
export function frameAncestors(allowedOrigins: readonly string[]): string {
  const origins = new Set<string>();
  for (const value of allowedOrigins) {
    try {
      const url = new URL(value);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/+$/, ''))
        origins.add(url.origin);
    } catch {
      // not a URL: never allowed
    }
  }
  return origins.size ? [...origins].join(' ') : "'none'";
}

export type PolicyInput = {
  nonce: string;
  mode: ServiceMode;
  /** `next dev` only: React needs eval for its error overlays, and styles arrive without a nonce. */
  development?: boolean;
  /** Extra processor origins (processorOrigins). */
  processor?: readonly string[];
  /** The frame-ancestors value; default 'none'. */
  frameAncestors?: string;
};

/** The Content-Security-Policy of a hosted page. Next.js reads the nonce back from it (script-src) and puts it on its own scripts. */
export function contentSecurityPolicy({
  nonce,
  development = false,
  processor = [],
  frameAncestors = "'none'",
}: PolicyInput): string {
  const extra = processor.length ? ` ${processor.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' ${development ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${extra}`,
    `frame-src 'self'${extra}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${extra}`,
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Whether to send Strict-Transport-Security: the public URL is https, or the request is not for a local host. */
export function wantsHsts(publicBaseUrl: string, host: string | null): boolean {
  if (publicBaseUrl.startsWith('https:')) return true;
  if (!host) return false;
  const name = host
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return !(name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1' || name === '::1');
}

export type PageHeadersInput = PolicyInput & { pathname: string; hsts: boolean };

/**
 * Every security header of one hosted page response. /embed pages get frame-ancestors
 * from `frameAncestors` (proxy.ts: the session's organisation's origins; default 'none'),
 * and X-Frame-Options only when that is 'none'. The sandbox's 3-D Secure and bank pages get it too when the
 * proxy finds an embedded payment behind them (else 'none' and X-Frame-Options: DENY);
 * every other page may not be framed at all.
 */
export function pageSecurityHeaders(input: PageHeadersInput): Record<string, string> {
  const embed = isEmbedPage(input.pathname);
  const ancestors = embed || isEmbedStepPage(input.pathname) ? (input.frameAncestors ?? "'none'") : "'none'";
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy({ ...input, frameAncestors: ancestors }),
    // Same-origin requests keep the full URL; another site gets no Referer at all, so a
    // payment link id in a path never leaves. Not no-referrer: that makes Chromium send
    // `Origin: null` on same-origin form posts, which the server-action check refuses.
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
  };
  // Framed by nobody, embed pages included (production's default until an organisation names
  // its origins): old browsers that ignore frame-ancestors refuse it too.
  if (ancestors === "'none'") headers['X-Frame-Options'] = 'DENY';
  if (isPaymentPage(input.pathname)) headers['Cache-Control'] = 'no-store';
  if (input.hsts) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}
