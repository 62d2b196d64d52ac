import { setRequestHeaders, setSessionCookie } from './next-request';

/*
 * The request a back-office action runs in, for tests that call the actions directly
 * (as support/action-request.ts does for the checkout's): the session cookie, and Next's
 * redirect(), forbidden() and notFound() as errors whose message says which (next-request.ts, shared with
 * action-request.ts).
 */
/** The next action's session cookie (undefined: none); `form: true` posts it as a form without JavaScript. */
export function dashboardRequest(sealed: string | undefined, options: { form?: boolean } = {}): void {
  setSessionCookie(sealed);
  // Posted with JavaScript (a fetch action, with Next-Action) unless a test posts as a plain form.
  setRequestHeaders(new Headers(options.form ? {} : { 'next-action': 'test-action' }));
}

export { cookieSet, nextHeaders, nextNavigation } from './next-request';

/** How an action ended: `403`, `404`, or the address of its 303. */
export async function endOf(action: Promise<unknown>): Promise<string> {
  try {
    await action;
    return 'returned';
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    if (error.message === 'NEXT_FORBIDDEN') return '403';
    if (error.message === 'NEXT_NOT_FOUND') return '404';
    if (error.message.startsWith('NEXT_REDIRECT ')) return error.message.slice('NEXT_REDIRECT '.length);
    throw error;
  }
}

export function formOf(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return data;
}
