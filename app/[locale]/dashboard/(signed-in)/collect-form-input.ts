import { redirect } from 'next/navigation';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';

/*
 * The collecting pages' forms (links, groups, scheduled payments) post strings; the API's operations take JSON.
 * These helpers turn one into the other so that each action parses the API's own zod schema (never a copy of
 * it): a checkbox is true when posted, a blank field is absent, an amount typed in the major unit ("12.50") is
 * minor units. Anything malformed is left for the API's schema to refuse.
 */

export type FormValues = Record<string, unknown>;

/** A blank or missing field is absent (the API's default applies); otherwise the trimmed text. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** A checkbox: posted (any value) is true, absent is false. Every boolean the forms show is a checkbox. */
export const checked = (value: unknown): boolean => typeof value === 'string';

/**
 * "12.50", "12,50" or "12" in the major unit as minor units (1250); NaN for anything else (more than two
 * decimals, signs, letters), which the API's integer schema refuses. Our currencies all have two decimals.
 */
export function minorFromMajor(value: unknown): number | undefined {
  const typed = text(value);
  if (typed === undefined) return undefined;
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(typed);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The values of a multi-valued field (the wrapper's `lists`), as strings. */
export const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * An action that answers on another page than its wrapper's `back` (an item's detail page): Next's redirect,
 * which dashboardAction lets through (unstable_rethrow) after the change committed.
 */
export function backTo(locale: string, path: string, result: string): never {
  redirect(`${dashboardPath(locale, path)}?${new URLSearchParams({ result })}`);
}
