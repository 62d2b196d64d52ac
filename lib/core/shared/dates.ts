import { z } from 'zod';

const DAY_MS = 86_400_000;

/** A calendar date or a datetime; a bare date means the end of that day (UTC), so "expires 2027-01-31" includes the 31st. */
export const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
});

const isBareDate = (value: string) => /^\d{4}-\d\d-\d\d$/.test(value);

export function endOfDayOrInstant(value: string): Date {
  return isBareDate(value) ? new Date(Date.parse(`${value}T00:00:00.000Z`) + DAY_MS - 1) : new Date(value);
}

/** A bare date means the start of that day (UTC): a payment "on 2027-01-31" is due from midnight. */
export function startOfDayOrInstant(value: string): Date {
  return new Date(isBareDate(value) ? `${value}T00:00:00.000Z` : value);
}

/** Inclusive calendar-day range on a timestamp column: from the start of date_from to the end of date_to (UTC). */
export function dayRange(dateFrom?: string, dateTo?: string): { from?: Date; to?: Date } {
  return {
    from: dateFrom ? startOfDayOrInstant(dateFrom) : undefined,
    to: dateTo ? endOfDayOrInstant(dateTo) : undefined,
  };
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
