import { createTranslator } from 'next-intl';
import { formatDateTime } from '@/lib/i18n/date-format';
import { routing, textDirection, type Locale } from '@/lib/i18n/routing';
import { formatMoney } from '@/lib/money';
import { emailCatalogs } from './email-catalogs';

/** A locale the site speaks, or en-GB: a stored or requested locale may be anything. */
export function emailLocale(requested: string | null | undefined): Locale {
  return (routing.locales as readonly string[]).includes(requested ?? '')
    ? (requested as Locale)
    : routing.defaultLocale;
}

export type EmailText = ReturnType<typeof emailText>;

/**
 * An email's language: its messages (ICU, with plurals), direction, and money and dates formatted for it.
 * Dates are long dates on the organisations' clock (Europe/London), never ISO dates in text.
 */
export function emailText(requested: string | null | undefined) {
  const locale = emailLocale(requested);
  const t = createTranslator({ locale, messages: { Email: emailCatalogs[locale] }, namespace: 'Email' });
  return {
    locale,
    dir: textDirection(locale),
    t,
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
    date: (date: Date) => formatDateTime(date, locale, { dateStyle: 'long', timeZone: 'Europe/London' }),
    dateTime: (date: Date) =>
      formatDateTime(date, locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' }),
  };
}
