import { STAFF_SESSION_COOKIE } from '@/lib/core/staff/session-cookie';

/*
 * The request a back-office action runs in, for tests that call the actions directly
 * (as support/action-request.ts does for the checkout's): the session cookie, and Next's
 * redirect(), forbidden() and notFound() as errors whose message says which.
 */
let cookie: string | undefined;
/** The other cookies actions set (the kept form values), as a browser would send them back. */
const jar = new Map<string, string>();
/** Posted with JavaScript (a fetch action, with Next-Action) unless a test posts as a plain form. */
let fetchAction = true;

/** The next action's session cookie (undefined: none); `form: true` posts it as a form without JavaScript. */
export function dashboardRequest(sealed: string | undefined, options: { form?: boolean } = {}): void {
  cookie = sealed;
  fetchAction = !options.form;
}

/** A cookie an action set (or deleted: undefined). */
export const cookieSet = (name: string): string | undefined => jar.get(name);

export const nextHeaders = {
  cookies: async () => ({
    get: (name: string) => {
      if (name === STAFF_SESSION_COOKIE) return cookie !== undefined ? { name, value: cookie } : undefined;
      const value = jar.get(name);
      return value ? { name, value } : undefined;
    },
    set: (name: string, value: string, options: { maxAge?: number } = {}) => {
      if (name === STAFF_SESSION_COOKIE) return;
      if (options.maxAge === 0 || value === '') jar.delete(name);
      else jar.set(name, value);
    },
  }),
  headers: async () => new Headers(fetchAction ? { 'next-action': 'test-action' } : {}),
};

const ENDS = ['NEXT_REDIRECT ', 'NEXT_FORBIDDEN', 'NEXT_NOT_FOUND'];
export const nextNavigation = {
  redirect: (url: string): never => {
    throw new Error(`NEXT_REDIRECT ${url}`);
  },
  forbidden: (): never => {
    throw new Error('NEXT_FORBIDDEN');
  },
  notFound: (): never => {
    throw new Error('NEXT_NOT_FOUND');
  },
  unstable_rethrow: (error: unknown) => {
    if (error instanceof Error && ENDS.some((end) => error.message.startsWith(end))) throw error;
  },
};

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
