'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { signInPath } from '@/lib/core/staff/dashboard-paths';
import { removeOwnPasskey } from '@/lib/core/staff/passkeys/manage-passkeys';
import { setPasskeysRequired } from '@/lib/core/staff/passkeys/passkey-policy';
import {
  passkeyNameSchema,
  passkeyRegistrationOptions,
  registerPasskey,
} from '@/lib/core/staff/passkeys/register-passkey';
import { STAFF_SESSION_COOKIE } from '@/lib/core/staff/session-cookie';
import { staffFromCookie } from '@/lib/core/staff/staff-request';
import { ENROLMENT_METHOD, signOut } from '@/lib/core/staff/staff-sessions';
import { getDb } from '@/lib/db/client';
import { dashboardAction } from '@/lib/http/dashboard-action';
import { clearStaffCookie } from '../../staff-session';

/* The account page's actions: the actor's own passkeys, and (organisation:management) the passkey requirement. */

/**
 * The options for navigator.credentials.create(), called by the page's script (WebAuthn needs JavaScript).
 * Null without a session; a session that may only register a passkey may ask.
 */
export async function passkeyRegistrationOptionsAction() {
  const actor = await staffFromCookie((await cookies()).get(STAFF_SESSION_COOKIE)?.value);
  if (!actor) return null;
  return passkeyRegistrationOptions(await getDb(), actor);
}

/** The browser's RegistrationResponseJSON, as the script put it in the form; the library checks its contents. */
const registrationResponse = z
  .string()
  .max(20_000)
  .transform((text, context) => {
    try {
      return z
        .looseObject({ id: z.string(), rawId: z.string(), type: z.literal('public-key'), response: z.looseObject({}) })
        .parse(JSON.parse(text));
    } catch {
      context.addIssue({ code: 'custom', message: 'not a registration response' });
      return z.NEVER;
    }
  });

const register = dashboardAction({
  enrolment: true,
  input: z.object({ name: passkeyNameSchema, response: registrationResponse }),
  back: '/account',
  run: async ({ db, actor, locale }, input) => {
    // The library reads the fields it needs and refuses what does not verify (passkey.refused).
    await registerPasskey(db, actor, input.response as never, input.name);
    if (actor.signInMethod !== ENROLMENT_METHOD) return 'passkey-registered';
    // A link where passkeys are required signed in only to register one: now sign in with it.
    await signOut(db, actor);
    await clearStaffCookie();
    redirect(`${signInPath(locale)}?result=passkey-registered`);
  },
});

const remove = dashboardAction({
  input: z.object({ passkey: z.uuid() }),
  back: '/account',
  run: async ({ db, actor }, input) => {
    await removeOwnPasskey(db, actor, input.passkey);
    return 'passkey-removed';
  },
});

const requirement = dashboardAction({
  role: 'organisation:management',
  input: z.object({ required: z.enum(['on', 'off']) }),
  back: '/account',
  run: async ({ db, actor, organisationId }, input) => {
    await setPasskeysRequired(db, actor, organisationId, input.required === 'on');
    return input.required === 'on' ? 'required-on' : 'required-off';
  },
});

export async function registerPasskeyAction(form: FormData): Promise<void> {
  await register(form);
}
export async function removePasskeyAction(form: FormData): Promise<void> {
  await remove(form);
}
export async function passkeyRequirementAction(form: FormData): Promise<void> {
  await requirement(form);
}
