import { headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';

/** The back office's refusal page (app/[locale]/dashboard/refused): a GET that answers forbidden(), 403. */
export const REFUSED_PAGE = '/refused';

/**
 * A back-office action refused for want of a session or a role: 403, whichever way the form was posted.
 * With JavaScript (a fetch action, `Next-Action` header) forbidden() is a 403 and the client shows forbidden.tsx.
 * Without it (an MPA action: a multipart post with the action id in a field) Next.js 16 renders any
 * forbidden() or unauthorized() as its not-found tree with status 404
 * (next/dist/server/app-render/action-handler.js returns `{ type: 'not-found' }`, and app-render.js sets 404),
 * so there the answer is a 303 to the refusal page, whose GET is forbidden.tsx with status 403.
 * Nothing ran either way: every check comes before the first write.
 */
export async function refuseAction(locale: string): Promise<never> {
  if ((await headers()).has('next-action')) forbidden();
  redirect(dashboardPath(locale, REFUSED_PAGE));
}
