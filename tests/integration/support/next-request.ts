import { STAFF_SESSION_COOKIE } from '@/lib/core/staff/session-cookie';

/*
 * Next's request scope for tests that call server actions and pages directly: the request's headers and cookies
 * (next/headers) and redirect(), forbidden(), notFound() and unstable_rethrow (next/navigation), thrown as errors
 * whose message says which. action-request.ts (the checkout's actions) and dashboard-request.ts (the back office's)
 * both hand these same objects to vi.mock and set the request through the setters below.
 *
 * One pair of objects for both, because integration files share one module graph per worker (vitest.config.mts,
 * isolate: false): the first file that imports an action module binds it to the next/headers mock of that file, and
 * a later file's mock does not rebind it. With two different doubles, a back-office file that loaded the checkout's
 * action wrapper (the virtual terminal pays through it) left the checkout's own tests reading an empty request.
 */
let headers = new Headers();
let sessionCookie: string | undefined;
/** The other cookies actions set (the kept form values), as a browser would send them back. */
const jar = new Map<string, string>();

export function setRequestHeaders(next: Headers): void {
  headers = next;
}

export function setSessionCookie(sealed: string | undefined): void {
  sessionCookie = sealed;
}

/** A cookie an action set (or deleted: undefined). */
export const cookieSet = (name: string): string | undefined => jar.get(name);

export const nextHeaders = {
  headers: async () => headers,
  cookies: async () => ({
    get: (name: string) => {
      if (name === STAFF_SESSION_COOKIE)
        return sessionCookie !== undefined ? { name, value: sessionCookie } : undefined;
      const value = jar.get(name);
      return value ? { name, value } : undefined;
    },
    set: (name: string, value: string, options: { maxAge?: number } = {}) => {
      if (name === STAFF_SESSION_COOKIE) return;
      if (options.maxAge === 0 || value === '') jar.delete(name);
      else jar.set(name, value);
    },
  }),
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
