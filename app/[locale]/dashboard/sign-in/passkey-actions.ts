'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { dashboardPath, signInPath } from '@/lib/core/staff/dashboard-paths';
import { passkeySignInOptions, signInWithPasskey } from '@/lib/core/staff/passkeys/passkey-sign-in';
import { getDb } from '@/lib/db/client';
import { routing } from '@/lib/i18n/routing';
import { setStaffCookie } from '../staff-session';

/*
 * Signing in with a passkey. Like the link's button it has no session yet, so it stands outside
 * dashboardAction; every refusal answers the same 303 (`?error=passkey`), whoever the credential named.
 */

/** The options for navigator.credentials.get(), called by the sign-in page's script. */
export async function passkeySignInOptionsAction() {
  return passkeySignInOptions(await getDb());
}

const answer = z
  .string()
  .max(20_000)
  .transform((text, context) => {
    try {
      return z
        .looseObject({ id: z.string(), rawId: z.string(), type: z.literal('public-key'), response: z.looseObject({}) })
        .parse(JSON.parse(text));
    } catch {
      context.addIssue({ code: 'custom', message: 'not an authentication response' });
      return z.NEVER;
    }
  });

export async function passkeySignInAction(form: FormData): Promise<void> {
  const locale = z.enum(routing.locales).catch(routing.defaultLocale).parse(form.get('locale'));
  const response = answer.safeParse(form.get('response'));
  const outcome = response.success
    ? await signInWithPasskey(await getDb(), response.data as never)
    : ({ ok: false } as const);
  if (!outcome.ok) redirect(`${signInPath(locale)}?error=passkey`);
  await setStaffCookie(outcome.sessionId);
  redirect(dashboardPath(locale));
}
