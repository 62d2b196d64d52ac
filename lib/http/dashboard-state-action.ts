import { refresh } from 'next/cache';
import { notFound, unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { requireRole } from '@/lib/auth/access';
import type { Role } from '@/lib/core/enums';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/http/app-error';
import { describeErrorSafely } from '@/lib/http/safe-error-log';
import { actionStaff, type DashboardContext } from './dashboard-action';
import { refuseAction } from './dashboard-refusal';

/**
 * What a form-state action answers: nothing yet, its value (shown once in the response page), or
 * an error code the page words (as ActionNotice does for the 303's `?error=`).
 */
export type FormState<T> = { status: 'idle' } | { status: 'done'; value: T } | { status: 'error'; code: string };

type Options<S extends z.ZodType, T> = {
  role: Role;
  input: S;
  lists?: readonly string[];
  run: (context: DashboardContext, input: z.output<S>) => Promise<T>;
};

/**
 * dashboardAction's twin for an action whose answer must not travel in an address: a secret
 * shown once (an API key's private key, a webhook signing secret). The same checks in the same
 * order (session, organisation in view, role through lib/auth, zod, the core's transaction and
 * audit), but the value comes back as React form state (useActionState), so it exists only in
 * the response to this POST: never in a URL, the history, a log line or the database in clear.
 * Without JavaScript, Next.js renders the page with this state in the POST's own response.
 * 403 (dashboard-refusal.ts, with or without JavaScript) and 404 answer as the API does; any other AppError is
 * its code.
 */
export function dashboardStateAction<S extends z.ZodType, T>(options: Options<S, T>) {
  return async (_previous: FormState<T>, form: FormData): Promise<FormState<T>> => {
    const { values, locale, actor } = await actionStaff(form, options);
    try {
      requireRole(actor, options.role);
      const input = options.input.safeParse(values);
      if (!input.success) return { status: 'error', code: 'validation.failed' };
      const value = await options.run(
        { db: await getDb(), actor, organisationId: actor.rootOrganisationId, locale },
        input.data,
      );
      // The page's lists show the change (the new key) beside the value, which the form keeps as its state.
      // Only a fetch action can refresh; a no-JS post renders the whole page afresh anyway.
      try {
        refresh();
      } catch {}
      return { status: 'done', value };
    } catch (error) {
      unstable_rethrow(error);
      if (error instanceof AppError) {
        if (error.status === 403) return refuseAction(locale);
        if (error.status === 404) notFound();
        return { status: 'error', code: error.code };
      }
      console.error(
        JSON.stringify({ level: 'error', message: 'dashboard action failed', error: describeErrorSafely(error) }),
      );
      return { status: 'error', code: 'server.internal_error' };
    }
  };
}
