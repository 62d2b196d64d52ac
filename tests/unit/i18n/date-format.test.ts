import { createFormatter } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { formatDateTime, londonDateTime } from '@/lib/i18n/date-format';
import { routing } from '@/lib/i18n/routing';

// The checkout's dates were next-intl's format.dateTime; the cached formatters must write the same text.
describe('formatDateTime', () => {
  const dates = [new Date('2026-11-23T09:41:00Z'), new Date('2026-07-01T23:30:00Z')];
  it.each(routing.locales)('writes %s dates as next-intl did', (locale) => {
    const format = createFormatter({ locale, timeZone: 'UTC' });
    for (const date of dates) {
      expect(londonDateTime(date, locale)).toBe(
        format.dateTime(date, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' }),
      );
      expect(formatDateTime(date, locale, { dateStyle: 'long', timeZone: 'UTC' })).toBe(
        format.dateTime(date, { dateStyle: 'long', timeZone: 'UTC' }),
      );
    }
  });

  it('shows London time, summer time included', () => {
    expect(londonDateTime(new Date('2026-07-01T23:30:00Z'), 'en-GB')).toBe('2 July 2026 at 00:30');
  });
});
