import { createHmac } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { signingSecret } from '@/lib/auth/signing-secret';
import type { Db } from '@/lib/db/types';

/*
 * What a refused back-office form had typed in it, kept for the page the refusal returns to (docs/dashboard-forms.md).
 * dashboardAction answers a refusal with a 303 to `?error=code`, so without this the page came back empty. The
 * values travel in a short-lived cookie, sealed with iron-session (encrypted and signed) under a password derived
 * from the service's signing secret like the staff session's, never in the address (it holds codes only). The
 * cookie names the form and the error: a page shows the values only in the form that was refused and only while its
 * address still says that error, so a later visit to the page, or another form on it, shows none. The next post of
 * any back-office form spends it. Secrets are never kept (isSecretField), nor Next.js's own fields.
 */

/** `__Host-`: Secure, Path=/, no Domain, as the session cookie. */
export const KEPT_FORM_COOKIE = '__Host-dashboard-form';
/** Long enough for the 303 and the page's load, short enough that nothing lingers. */
export const KEPT_FORM_SECONDS = 300;
/** Browsers keep ~4096 bytes a cookie (name and attributes included). */
const MAX_SEALED = 3600;

export const keptCookieAttributes = {
  httpOnly: true,
  secure: true,
  sameSite: 'lax',
  path: '/',
  maxAge: KEPT_FORM_SECONDS,
} as const;

export type KeptValues = Record<string, string | string[]>;
export type KeptForm = { form: string; error: string; values: KeptValues };

/*
 * Card data (the terminal's sandbox fields `number`, `expiry`, `cvc`; adyen-web's encrypted fields), passwords,
 * tokens, API keys and secrets, a passkey's answer: never kept, whatever form posts them. An action may name more.
 */
const SECRET_NAMES = /^(number|expiry|cvc|cvv|pan|bin|lastfour)$/i;
const SECRET_PARTS =
  /password|passcode|secret|token|encrypted|security_?code|card_?number|api_?key|private|credential/i;

export const isSecretField = (name: string, more: readonly string[] = []): boolean =>
  name.startsWith('$') ||
  SECRET_NAMES.test(name) ||
  SECRET_PARTS.test(name) ||
  more.includes(name) ||
  name === 'response';

/**
 * The posted fields worth giving back, as posted: a field posted once is its string, one posted several times
 * (a group's member rows, a set of checkboxes) the list of its values. No secrets, no files, no page fields.
 */
export function keepableValues(form: FormData, secret: readonly string[] = []): KeptValues {
  const kept: KeptValues = {};
  for (const name of new Set(form.keys())) {
    if (name === 'locale' || isSecretField(name, secret)) continue;
    const values = form.getAll(name).filter((value): value is string => typeof value === 'string');
    if (values.length > 0) kept[name] = values.length === 1 ? values[0]! : values;
  }
  return kept;
}

async function keptPassword(db: Db): Promise<string> {
  return createHmac('sha256', await signingSecret(db))
    .update('dashboard-kept-form')
    .digest('base64url');
}

/**
 * The cookie's value, or null when even one field is too much for a cookie. A form too large loses its
 * longest fields first (a pasted essay), so the short ones a person would retype still come back.
 */
export async function sealKeptForm(db: Db, kept: KeptForm): Promise<string | null> {
  const password = await keptPassword(db);
  const values = { ...kept.values };
  for (;;) {
    const sealed = await sealData({ ...kept, values }, { password, ttl: KEPT_FORM_SECONDS });
    if (sealed.length <= MAX_SEALED) return sealed;
    const longest = Object.keys(values).sort((a, b) => String(values[b]).length - String(values[a]).length)[0];
    if (longest === undefined) return null;
    delete values[longest];
  }
}

/** The kept values a page may show: the cookie's, only to the form refused while the address shows its error. */
export async function unsealKeptForm(
  db: Db,
  sealed: string | undefined,
  error: string | undefined,
  form: string,
): Promise<KeptValues | null> {
  if (!sealed || !error) return null;
  try {
    const data = await unsealData<Partial<KeptForm>>(sealed, {
      password: await keptPassword(db),
      ttl: KEPT_FORM_SECONDS,
    });
    if (data.error !== error || data.form !== form || typeof data.values !== 'object' || !data.values) return null;
    return data.values;
  } catch {
    return null;
  }
}
