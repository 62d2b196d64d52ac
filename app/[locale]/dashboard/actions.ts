'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { dashboardPath, signInPath } from '@/lib/core/staff/dashboard-paths';
import { sandboxSignIn } from '@/lib/core/staff/sandbox-sign-in';
import { requestStaffSignInLink, redeemStaffSignInLink } from '@/lib/core/staff/staff-request';
import { signOut, signOutEverywhere, switchOrganisation } from '@/lib/core/staff/staff-sessions';
import { routing } from '@/lib/i18n/routing';
import { dashboardAction } from '@/lib/http/dashboard-action';
import { clearStaffCookie, setStaffCookie } from './staff-session';

/*
 * Signing in and out. The first three have no session yet, so they stand outside dashboardAction;
 * each answers the same 303 whatever the address or token was, so a form tells nobody which
 * addresses are users. The rest go through dashboardAction like every back-office action.
 */

const localeOf = (form: FormData) => z.enum(routing.locales).catch(routing.defaultLocale).parse(form.get('locale'));

export async function requestSignInAction(form: FormData): Promise<void> {
  const locale = localeOf(form);
  const email = z
    .email()
    .max(320)
    .safeParse(String(form.get('email') ?? '').trim());
  if (!email.success) redirect(`${signInPath(locale)}?error=email`);
  await requestStaffSignInLink(email.data, locale);
  redirect(`${signInPath(locale)}?sent=1`);
}

export async function redeemSignInLinkAction(form: FormData): Promise<void> {
  const locale = localeOf(form);
  const token = z.string().min(20).max(100).safeParse(form.get('token'));
  const outcome = token.success ? await redeemStaffSignInLink(token.data) : ({ ok: false, reason: 'invalid' } as const);
  if (!outcome.ok) redirect(`${signInPath(locale)}?error=${outcome.reason}`);
  await setStaffCookie(outcome.sessionId);
  redirect(dashboardPath(locale));
}

/** Sandbox only (sandboxSignIn refuses in production): the home page's one-click sign-in. */
export async function sandboxSignInAction(form: FormData): Promise<void> {
  const locale = localeOf(form);
  const sessionId = await sandboxSignIn(String(form.get('user') ?? ''));
  if (!sessionId) redirect(`${signInPath(locale)}?error=invalid`);
  await setStaffCookie(sessionId);
  redirect(dashboardPath(locale));
}

const signOutHere = dashboardAction({
  enrolment: true,
  input: z.object({}),
  back: '/sign-in',
  run: async ({ db, actor }) => {
    await signOut(db, actor);
    await clearStaffCookie();
    return 'signed-out';
  },
});

const signOutAll = dashboardAction({
  enrolment: true,
  input: z.object({}),
  back: '/sign-in',
  run: async ({ db, actor }) => {
    await signOutEverywhere(db, actor);
    await clearStaffCookie();
    return 'signed-out-everywhere';
  },
});

const switchTo = dashboardAction({
  input: z.object({ organisation: z.string().min(1).max(200) }),
  back: '',
  run: async ({ db, actor }, { organisation }) => {
    await switchOrganisation(db, actor, organisation);
    return 'switched';
  },
});

export async function signOutAction(form: FormData): Promise<void> {
  await signOutHere(form);
}
export async function signOutEverywhereAction(form: FormData): Promise<void> {
  await signOutAll(form);
}
export async function switchOrganisationAction(form: FormData): Promise<void> {
  await switchTo(form);
}
