import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { PortalOutcome, PortalRequest } from '@/lib/core/groups/hosted-portal';
import { PORTAL_SESSION_COOKIE } from '@/lib/core/groups/portal-session';
import { PORTAL_ORGANISATION_HEADER } from '@/lib/http/portal-paths';
import { routing } from '@/lib/i18n/routing';
import { portalPath } from './portal-paths';

/** What every portal form posts besides its own fields: the page's language and the group. */
const pageFields = z.object({ locale: z.enum(routing.locales), groupId: z.uuid() });

/**
 * The one wrapper of every portal action (architecture.md convention 3):
 * 1. zod parses the form (the page's fields, then the action's own);
 * 2. the request's portal session (cookie) and host organisation (proxy.ts's
 *    header, never the client's) go to the hosted entry, which lets the change
 *    run only when the session holds this group and the group belongs to the
 *    host's organisation; the change itself checks the locks in SQL;
 * 3. always a 303 back to the page, which shows what happened (`?result=`),
 *    with or without JavaScript. A refused action changed nothing.
 */
export function portalAction<S extends z.ZodType>(
  fields: S,
  run: (request: PortalRequest, input: z.output<S>) => Promise<PortalOutcome>,
) {
  return async (form: FormData): Promise<never> => {
    const values = Object.fromEntries(
      [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const page = pageFields.safeParse(values);
    if (!page.success) redirect('/');
    const { locale, groupId } = page.data;
    const input = fields.safeParse(values);
    const outcome: PortalOutcome = input.success
      ? await run(
          {
            groupId,
            sessionCookie: (await cookies()).get(PORTAL_SESSION_COOKIE)?.value,
            hostOrganisation: (await headers()).get(PORTAL_ORGANISATION_HEADER),
            locale,
          },
          input.data,
        )
      : { result: 'invalid' };
    // Only codes and counts go into the address: a crafted one can show no text of its own.
    const query = new URLSearchParams({ result: outcome.result });
    if (outcome.count !== undefined) query.set('count', String(outcome.count));
    if (outcome.skipped !== undefined) query.set('skipped', String(outcome.skipped));
    if (outcome.replaced) query.set('replaced', String(outcome.replaced));
    for (const [reason, count] of Object.entries(outcome.skips ?? {})) query.set(`skip_${reason}`, String(count));
    // An id, never a name: the page looks the name up in this group (hostedPortal's noticeMember).
    if (outcome.member !== undefined) query.set('member', outcome.member);
    redirect(`${portalPath(locale, groupId)}?${query}`);
  };
}
