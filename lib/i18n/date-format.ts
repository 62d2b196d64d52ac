/*
 * Dates for people, as next-intl's format.dateTime gives them, with each
 * Intl.DateTimeFormat built once per locale and style: building one costs more
 * than the rest of a checkout's summary (next-intl builds one per request).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatDateTime(date: Date, locale: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format.format(date);
}

/** The hosted pages' date and time: "23 November 2026 at 09:41", London time (the organisations' clock). */
export const londonDateTime = (date: Date, locale: string) =>
  formatDateTime(date, locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' });

/** The same with its zone ("23 November 2026, 09:41 GMT"), where a time must stand on its own (a receipt). */
export const londonDateTimeWithZone = (date: Date, locale: string) =>
  formatDateTime(date, locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: 'Europe/London',
  });

/** A day alone ("10 February 2027"), London's: a due date. */
export const londonDate = (date: Date, locale: string) =>
  formatDateTime(date, locale, { dateStyle: 'long', timeZone: 'Europe/London' });
