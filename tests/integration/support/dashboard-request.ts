import { STAFF_SESSION_COOKIE } from '@/lib/core/staff/session-cookie';

/*
 * The request a back-office action runs in, for tests that call the actions directly
 * (as support/action-request.ts does for the checkout's): the session cookie, and Next's
 * redirect(), forbidden() and notFound() as errors whose message says which.
 */
let cookie: string | undefined;

/** The next action's session cookie (undefined: none). */
export function dashboardRequest(sealed: string | undefined): void {
  cookie = sealed;
}

export const nextHeaders = {
  cookies: async () => ({
    get: (name: string) =>
      name === STAFF_SESSION_COOKIE && cookie !== undefined ? { name, value: cookie } : undefined,
    set: () => undefined,
  }),
  headers: async () => new Headers(),
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
