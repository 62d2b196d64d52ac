import { routing } from '@/lib/i18n/routing';

/*
 * Why a checkout action (app/[locale]/checkout-action.ts), or a form post that
 * proxy.ts stopped before any action ran, was refused. Each has its words in
 * messages/{locale}/ActionRefused.json; a form that can show them keeps the
 * customer on the page (a form state), any other goes to ACTION_REFUSED_PAGE.
 */
export const actionRefusals = ['origin', 'page', 'host', 'invalid', 'unexpected'] as const;
export type ActionRefusal = (typeof actionRefusals)[number];

/** The page's single segment (app/[locale]/form-refused). */
export const ACTION_REFUSED_SEGMENT = 'form-refused';

/**
 * The refusal page in `locale` (en-GB unprefixed, as lib/i18n/routing.ts says).
 * Only a code goes into the address: the page words it, so a crafted address can show no text of its own.
 */
export function actionRefusedPath(locale: string, reason: ActionRefusal): string {
  const prefix =
    locale === routing.defaultLocale || !(routing.locales as readonly string[]).includes(locale) ? '' : `/${locale}`;
  return `${prefix}/${ACTION_REFUSED_SEGMENT}?reason=${reason}`;
}

/** The reason a refusal page's address names; an unknown one reads as `invalid`. */
export const refusalOf = (value: unknown): ActionRefusal =>
  typeof value === 'string' && (actionRefusals as readonly string[]).includes(value)
    ? (value as ActionRefusal)
    : 'invalid';
