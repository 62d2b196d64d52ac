import { adyenEnvironments, serviceModes, type Env } from './config';

/** Bearer tokens signed with a short secret could be forged by guessing it. */
export const MIN_TOKEN_SECRET_LENGTH = 32;

/**
 * Why this environment must not start the service, or null when it may. Pure, so
 * every entry point (server, worker, operator) applies exactly the same rules:
 *   - MODE, when given, is sandbox or production;
 *   - a PostgreSQL server (DATABASE_URL) is never run in a mode nobody chose;
 *   - production has processor keys (server and browser) and its own token secret.
 */
export function startupProblem(env: Env): string | null {
  const mode = env.MODE?.trim();
  if (mode && !(serviceModes as readonly string[]).includes(mode)) {
    return `MODE must be sandbox or production (got "${mode.slice(0, 40)}")`;
  }
  if (!mode && env.DATABASE_URL) {
    return 'DATABASE_URL is set but MODE is not: set MODE=production (or MODE=sandbox for a test service)';
  }
  if (mode !== 'production') return null;
  const missing = ['ADYEN_API_KEY', 'ADYEN_MERCHANT_ACCOUNT', 'ADYEN_CLIENT_KEY', 'TOKEN_SECRET'].filter((name) => !env[name]?.trim());
  if (missing.length) return `MODE=production needs ${missing.join(', ')}`;
  const environment = env.ADYEN_ENVIRONMENT?.trim().toLowerCase();
  if (environment && !(adyenEnvironments as readonly string[]).includes(environment)) {
    return `ADYEN_ENVIRONMENT must be one of ${adyenEnvironments.join(', ')} (got "${environment.slice(0, 40)}")`;
  }
  if (env.TOKEN_SECRET!.length < MIN_TOKEN_SECRET_LENGTH) return `TOKEN_SECRET must be at least ${MIN_TOKEN_SECRET_LENGTH} characters in production`;
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
