import { adyenEnvironments, serviceModes, type Env } from './config';
import { parseDenyList } from './events/ip-ranges';
import { checkoutUrlProblem } from './payments/processor/adyen/adyen-config';

/** Bearer tokens signed with a short secret could be forged by guessing it. */
export const MIN_TOKEN_SECRET_LENGTH = 32;

/**
 * Why this environment must not start the service, or null when it may. Pure, so
 * every entry point (server, worker, operator) applies exactly the same rules:
 *   - MODE, when given, is sandbox or production;
 *   - a PostgreSQL server (DATABASE_URL) is never run in a mode nobody chose;
 *   - production has processor keys (server and browser), the notifications' HMAC key
 *     (without it every Adyen notification is refused, so no outcome Adyen pushes would
 *     ever be recorded) and its own token secret;
 *   - the Checkout URL is on the platform ADYEN_ENVIRONMENT names (checkoutUrlProblem);
 *   - WEBHOOK_DENY_CIDRS, when given, lists only addresses and CIDRs.
 */
export function startupProblem(env: Env): string | null {
  const mode = env.MODE?.trim();
  if (mode && !(serviceModes as readonly string[]).includes(mode)) {
    return `MODE must be sandbox or production (got "${mode.slice(0, 40)}")`;
  }
  if (!mode && env.DATABASE_URL) {
    return 'DATABASE_URL is set but MODE is not: set MODE=production (or MODE=sandbox for a test service)';
  }
  // A deny list that does not parse would otherwise fail every webhook check at run time (docs/webhooks.md "Address checks").
  try {
    parseDenyList(env.WEBHOOK_DENY_CIDRS);
  } catch (error) {
    return (error as Error).message;
  }
  if (mode !== 'production') return null;
  const missing = [
    'ADYEN_API_KEY',
    'ADYEN_MERCHANT_ACCOUNT',
    'ADYEN_CLIENT_KEY',
    'ADYEN_HMAC_KEY',
    'TOKEN_SECRET',
  ].filter((name) => !env[name]?.trim());
  if (missing.length) return `MODE=production needs ${missing.join(', ')}`;
  // Adyen shows the key as hex (64 digits); anything else would fail every signature in silence.
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(env.ADYEN_HMAC_KEY!.trim()))
    return "ADYEN_HMAC_KEY must be the hex key from the webhook settings in Adyen's Customer Area";
  const environment = env.ADYEN_ENVIRONMENT?.trim().toLowerCase();
  if (environment && !(adyenEnvironments as readonly string[]).includes(environment)) {
    return `ADYEN_ENVIRONMENT must be one of ${adyenEnvironments.join(', ')} (got "${environment.slice(0, 40)}")`;
  }
  const checkoutUrl = checkoutUrlProblem(env);
  if (checkoutUrl) return checkoutUrl;
  if (env.TOKEN_SECRET!.length < MIN_TOKEN_SECRET_LENGTH)
    return `TOKEN_SECRET must be at least ${MIN_TOKEN_SECRET_LENGTH} characters in production`;
  return null;
}

/**
 * Stops the process, before any database is opened or migrated, when the
 * environment is unsafe: one line on stderr and exit status 1.
 */
export function refuseUnsafeStart(processName: string, env: Env = process.env): void {
  const problem = startupProblem(env);
  if (!problem) return;
  console.error(`${processName}: refusing to start: ${problem}. See the Configuration table in README.md.`);
  process.exit(1);
}
