import { cookies } from 'next/headers';
import { getDb } from '@/lib/db/client';
import { KEPT_FORM_COOKIE, keepableValues, keptCookieAttributes, sealKeptForm } from './kept-form';

/** What an action tells dashboardAction about keeping its form's values after a refusal (kept-form.ts). */
export type KeepOptions = {
  /** The name a page asks keptForm() for; default the action's `back` page. Set it where a page has several forms. */
  form?: string;
  /** False for a form whose every field is sensitive or useless to give back (the terminal's card form). */
  keep?: boolean;
  /** More fields never kept, besides the secrets kept-form.ts already knows (card data, passwords, keys). */
  secret?: readonly string[];
};

/** Keeps `form`'s values, refused with `error`, for the form `name` on the page the refusal returns to. */
export async function keepRefusedForm(
  form: FormData,
  name: string,
  error: string,
  options: KeepOptions,
): Promise<void> {
  if (options.keep === false) return;
  const values = keepableValues(form, options.secret);
  if (Object.keys(values).length === 0) return;
  const sealed = await sealKeptForm(await getDb(), { form: name, error, values });
  if (sealed) (await cookies()).set(KEPT_FORM_COOKIE, sealed, keptCookieAttributes);
}

/** After an action that succeeded: values kept from an earlier refusal have served their turn. */
export async function forgetKeptForm(): Promise<void> {
  const jar = await cookies();
  if (jar.get(KEPT_FORM_COOKIE)) jar.set(KEPT_FORM_COOKIE, '', { ...keptCookieAttributes, maxAge: 0 });
}
