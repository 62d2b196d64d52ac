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
