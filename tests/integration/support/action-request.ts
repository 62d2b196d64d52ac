import fs from 'node:fs';
import path from 'node:path';
import { publicBaseUrl } from '@/lib/config';
import { ACTION_PAGE_HEADER } from '@/lib/http/action-page';
import { PORTAL_ORGANISATION_HEADER } from '@/lib/http/portal-paths';
import { setRequestHeaders } from './next-request';

/*
 * The request a server action runs in, for tests that call the actions directly.
 * Next's request scope is not here, so its boundaries are stood in for: the
 * request headers as proxy.ts forwards them (Origin, the page's path, the portal
 * host's organisation), redirect() and unstable_rethrow (as Next's: a redirect is
 * thrown and passes through), and next-intl's getTranslations over the site's own
 * catalog files. A test file wires them with vi.mock (see hosted/checkout-action.test.ts).
 */
/** The next action's request: posted to the page at `pagePath` from `origin` (default PUBLIC_BASE_URL's; null: none). */
export function actionRequest(
  pagePath: string,
  options: { origin?: string | null; hostOrganisation?: string } = {},
): void {
  const headers = new Headers();
  const origin = options.origin === undefined ? publicBaseUrl() : options.origin;
  if (origin !== null) headers.set('origin', origin);
  headers.set(ACTION_PAGE_HEADER, pagePath);
  if (options.hostOrganisation) headers.set(PORTAL_ORGANISATION_HEADER, options.hostOrganisation);
  setRequestHeaders(headers);
}

// The same doubles as dashboard-request.ts's (next-request.ts says why).
export { nextHeaders, nextNavigation } from './next-request';

const REDIRECT = 'NEXT_REDIRECT ';

export const catalog = (locale: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', locale, `${namespace}.json`), 'utf8')) as Record<
    string,
    string
  >;

export const nextIntlServer = {
  getTranslations: async ({ locale, namespace }: { locale: string; namespace: string }) => {
    const messages = catalog(locale, namespace);
    return (key: string, values: Record<string, string> = {}) =>
      messages[key]!.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
  },
};

/** Where a redirecting action sent the customer (the path of its NEXT_REDIRECT), or null if it did not redirect. */
export async function redirectOf(action: Promise<unknown>): Promise<string | null> {
  try {
    await action;
    return null;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(REDIRECT)) return error.message.slice(REDIRECT.length);
    throw error;
  }
}
