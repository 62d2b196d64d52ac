import { headers } from 'next/headers';
import { redirect, unstable_rethrow } from 'next/navigation';
import type { z } from 'zod';
import { serviceMode } from '@/lib/config';
import { hostedActionOrigin, hostedPageOnHost } from '@/lib/core/hosted-checkout/hosted-action-scope';
import { actionOriginsFor, isAllowedActionOrigin } from '@/lib/http/action-origin';
import { ACTION_PAGE_HEADER, actionPage, type ActionPage, type ActionPageKind } from '@/lib/http/action-page';
import { actionRefusedPath, type ActionRefusal } from '@/lib/http/action-refusal';
import { clientIp } from '@/lib/http/client-ip';
import { PORTAL_ORGANISATION_HEADER } from '@/lib/http/portal-paths';
import { describeErrorSafely } from '@/lib/http/safe-error-log';
import { routing } from '@/lib/i18n/routing';

/** What a checkout action knows of its request once the wrapper let it run. */
export type CheckoutActionContext = { page: ActionPage; ipAddress: string | null };
/** A refusal as a form shows it: the reason, the page's language, and (origin) the origin the host expects. */
export type CheckoutRefusal = { reason: ActionRefusal; locale: string; expectedOrigin?: string };

type Options<S extends z.ZodType, R, E> = {
  /** The pages whose forms post this action (lib/http/action-page.ts). */
  pages: readonly ActionPageKind[];
  /** The field of the body naming the page's object, when the form sends one: it must name this page's. */
  idField?: string;
  /** The action's own input. */
  input: S;
  /** `extra`: what the exported action passes on untouched (the card form's FormData, read by its own parser). */
  run: (context: CheckoutActionContext, input: z.output<S>, extra: E) => Promise<R>;
  /** A refusal as this action's answer (a form state); without it, a 303 to the refusal page. */
  refused?: (refusal: CheckoutRefusal) => Promise<R> | R;
};

/**
 * The one wrapper of the checkout's actions (architecture.md conventions 1 and 16),
 * as apiRoute is the API's and portalAction the portal's. In order:
 * 1. the Origin is the host's own (PUBLIC_BASE_URL's, or the portal domain's;
 *    in sandbox also its loopback aliases: lib/http/action-origin.ts), as proxy.ts
 *    already checked: asked again here so no action depends on the proxy alone;
 * 2. the object acted on is the page's: the link, session or approval whose
 *    address the form was posted to (proxy.ts's ACTION_PAGE_HEADER), never an id
 *    from the body, which must name the same one if it names any;
 * 3. on an organisation's portal domain, the page is that organisation's own;
 * 4. zod parses the action's input;
 * 5. every error, expected or not, ends as the action's form state or the
 *    refusal page in the page's language: never Next.js's generic error. An
 *    unexpected one is logged without its message (safe-error-log.ts).
 * A refused action changed nothing: every check runs before the action's first write.
 */
export function checkoutAction<S extends z.ZodType, R, E = undefined>(options: Options<S, R, E>) {
  return async (values: Record<string, unknown>, extra: E): Promise<R> => {
    const request = await headers();
    const path = request.get(ACTION_PAGE_HEADER);
    const page = actionPage(path);
    const locale = page?.locale ?? routing.defaultLocale;
    let expectedOrigin: string | undefined;
    const refuse = async (reason: ActionRefusal): Promise<R> =>
      options.refused
        ? options.refused({ reason, locale, expectedOrigin })
        : redirect(actionRefusedPath(locale, reason));
    try {
      const hostOrganisation = request.get(PORTAL_ORGANISATION_HEADER);
      expectedOrigin = await hostedActionOrigin(hostOrganisation);
      if (!isAllowedActionOrigin(request.get('origin'), actionOriginsFor(expectedOrigin, serviceMode())))
        return await refuse('origin');
      if (!page || !options.pages.includes(page.kind)) return await refuse('page');
      const named = options.idField ? values[options.idField] : undefined;
      if (named !== undefined && (typeof named !== 'string' || named.toLowerCase() !== page.id))
        return await refuse('page');
      if (!(await hostedPageOnHost(hostOrganisation, path!))) return await refuse('host');
      const input = options.input.safeParse(values);
      if (!input.success) return await refuse('invalid');
      return await options.run({ page, ipAddress: clientIp(request) }, input.data, extra);
    } catch (error) {
      // redirect() and notFound() are how an action ends: they pass.
      unstable_rethrow(error);
      console.error(
        JSON.stringify({ level: 'error', message: 'checkout action failed', error: describeErrorSafely(error) }),
      );
      return refuse('unexpected');
    }
  };
}

/** A form's string fields, and the fields it repeats (`covered`) as arrays. */
export function formValues(form: FormData, repeated: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  for (const name of repeated) values[name] = form.getAll(name).filter((value) => typeof value === 'string');
  return values;
}
