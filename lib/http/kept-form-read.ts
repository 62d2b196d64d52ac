import { cookies } from 'next/headers';
import { getDb } from '@/lib/db/client';
import { KEPT_FORM_COOKIE, unsealKeptForm, type KeptValues } from './kept-form';

/**
 * A back-office form's defaults after a refusal (kept-form.ts): what was typed while the page shows the refusal,
 * else the page's own values. Pages read it once per form and pass it to the form's inputs.
 */
export type Kept = {
  /** Whether this form's values came back: then a checkbox missing from them was unticked. */
  active: boolean;
  /** A single field: what was typed, else `fallback`. */
  text: (name: string, fallback?: string | null) => string;
  /** A checkbox (or one of a set, by `value`): ticked as posted when kept, else `fallback`. */
  checked: (name: string, fallback: boolean, value?: string) => boolean;
  /** The `index`-th value of a field posted many times (a row of a repeated set), else ''. */
  nth: (name: string, index: number) => string;
};

const listOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export function keptFrom(values: KeptValues | null): Kept {
  return {
    active: values !== null,
    text: (name, fallback) => {
      const value = values?.[name];
      return typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? '') : (fallback ?? '');
    },
    checked: (name, fallback, value) =>
      values === null ? fallback : value === undefined ? name in values : listOf(values[name]).includes(value),
    nth: (name, index) => listOf(values?.[name])[index] ?? '',
  };
}

/** `form` is the name the action's dashboardAction gave it (`form`), or its `back` page when it gave none. */
export async function keptForm(query: { error?: string }, form: string): Promise<Kept> {
  const sealed = (await cookies()).get(KEPT_FORM_COOKIE)?.value;
  if (!sealed || !query.error) return keptFrom(null);
  return keptFrom(await unsealKeptForm(await getDb(), sealed, query.error, form));
}
