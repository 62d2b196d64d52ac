import { notFound, redirect, unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { requireRole } from '@/lib/auth/access';
import type { Role } from '@/lib/core/enums';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import type { StaffActor } from '@/lib/core/staff/load-staff-actor';
import { AppError } from '@/lib/http/app-error';
import { refuseAction } from '@/lib/http/dashboard-refusal';
import { forgetKeptForm, keepRefusedForm, type KeepOptions } from '@/lib/http/kept-form-write';
import { describeErrorSafely } from '@/lib/http/safe-error-log';
import { routing } from '@/lib/i18n/routing';
import { cookies } from 'next/headers';
import { STAFF_SESSION_COOKIE } from '@/lib/core/staff/session-cookie';
import { staffFromCookie } from '@/lib/core/staff/staff-request';
import { ENROLMENT_METHOD } from '@/lib/core/staff/staff-sessions';
import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';

/** What every dashboard form posts besides its own fields: the page's language. */
const pageFields = z.object({ locale: z.enum(routing.locales).catch(routing.defaultLocale) });

export type DashboardContext = { db: Db; actor: StaffActor; organisationId: string; locale: string };

type Options<S extends z.ZodType> = KeepOptions & {
  /** The role the action needs (lib/auth/access.ts, as the API's); none for signing out. */
  role?: Role;
  input: S;
  /** The fields the form may post many times (a group of checkboxes), read as lists; the rest as single values. */
  lists?: readonly string[];
  /** Also open to a session that may only register a passkey (signing out, the passkey's own actions). */
  enrolment?: boolean;
  /**
   * The back-office page the 303 returns to (`/users`), and the code its notice shows. A function reads the
   * posted fields (unparsed: a refused form returns there too), e.g. a record's own page `/bookings/{id}`; it
   * must check what it puts in the path.
   */
  back: string | ((values: Record<string, unknown>) => string);
  /** The result code; or the code with the page to go to, when that page exists only now (a created record's). */
  run: (context: DashboardContext, input: z.output<S>) => Promise<string | { result: string; back: string }>;
};

/**
 * What every back-office action reads first, whichever way it answers (this 303 wrapper, or
 * dashboard-state-action.ts's form state): the form's fields (those named in `lists` as lists), the page's
 * language, and the member of staff from the session cookie, loaded afresh. No session is 403, and so is
 * a session that may only register a passkey, unless the action is one it may use (`enrolment`).
 */
export async function actionStaff(
  form: FormData,
  options: { lists?: readonly string[]; enrolment?: boolean },
): Promise<{ values: Record<string, unknown>; locale: string; actor: StaffActor }> {
  const values: Record<string, unknown> = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  for (const name of options.lists ?? []) values[name] = form.getAll(name).filter((value) => typeof value === 'string');
  const { locale } = pageFields.parse(values);
  const actor = await staffFromCookie((await cookies()).get(STAFF_SESSION_COOKIE)?.value);
  if (!actor) return refuseAction(locale);
  // A link sign-in where passkeys are required proves only enough to register one (docs/dashboard-passkeys.md).
  if (actor.signInMethod === ENROLMENT_METHOD && !options.enrolment) return refuseAction(locale);
  return { values, locale, actor };
}

/**
 * The one wrapper of every back-office action (architecture.md conventions 1, 13 and 16), as apiRoute
 * is the API's and portalAction the portal's. In order:
 * 1. the session: the cookie's row, loaded afresh (roles and memberships as they are now);
 *    none is 403, as the API answers a missing or dead token;
 * 2. the organisation: the session's organisation in view, never one from the body; an id in the
 *    body that belongs elsewhere is the core's 404, as in the API;
 * 3. the role, through lib/auth/access.ts: missing is 403 (forbidden());
 * 4. zod parses the form;
 * 5. the core does the change and its audit record in one transaction;
 * 6. a 303 back to the page with a result code, or an error code from the AppError catalogue
 *    (the page words both; only codes go into the address). 403 and 404 answer as the API does, 403 also
 *    for a form posted without JavaScript (dashboard-refusal.ts).
 * A refusal with an error code keeps what was typed for the page it returns to (kept-form.ts: the form's
 * non-secret fields in a short-lived sealed cookie naming the form and the error), so the person corrects rather
 * than retypes.
 * Every check runs before the first write, so a refused action changed nothing.
 */
export function dashboardAction<S extends z.ZodType>(options: Options<S>) {
  return async (form: FormData): Promise<never> => {
    const { values, locale, actor } = await actionStaff(form, options);
    // Any post spends values kept from an earlier refusal; this one's refusal keeps its own.
    await forgetKeptForm();
    const page = typeof options.back === 'string' ? options.back : options.back(values);
    const back = (query: Record<string, string>, to = page) =>
      redirect(`${dashboardPath(locale, to)}?${new URLSearchParams(query)}`);
    // A refusal worded on the page: what was typed comes back with it (nothing when the action keeps nothing).
    const refused = async (error: string) => {
      await keepRefusedForm(form, options.form ?? page, error, options);
      return back({ error });
    };
    let result: string | { result: string; back: string };
    try {
      if (options.role) requireRole(actor, options.role);
      const input = options.input.safeParse(values);
      if (!input.success) return refused('validation.failed');
      result = await options.run(
        { db: await getDb(), actor, organisationId: actor.rootOrganisationId, locale },
        input.data,
      );
    } catch (error) {
      unstable_rethrow(error);
      if (error instanceof AppError) {
        if (error.status === 403) return refuseAction(locale);
        if (error.status === 404) notFound();
        return refused(error.code);
      }
      console.error(
        JSON.stringify({ level: 'error', message: 'dashboard action failed', error: describeErrorSafely(error) }),
      );
      return refused('server.internal_error');
    }
    return typeof result === 'string' ? back({ result }) : back({ result: result.result }, result.back);
  };
}
