import { sql, type SQL } from 'drizzle-orm';

/**
 * The organisation's day: the overview counts "today" and "this week" on the clock every other
 * organisation-facing figure uses (the daily digest of payment notices, dates in emails and receipts):
 * Europe/London. Organisations have no time zone of their own yet; when they get one, this is the one
 * place to read it. Today runs from local midnight; the week from Monday 00:00 local time (ISO week),
 * both up to `at` (lib/clock.ts), so a payment completed a moment in the future of a moved sandbox
 * clock is not counted early. The bounds are computed in SQL, so summer time changes need no code here.
 */
export const ORGANISATION_TIME_ZONE = 'Europe/London';

/** The one-row CTE `w` (at, day_start, week_start) every overview subquery reads its bounds from. */
export function overviewWindowSql(at: Date): SQL {
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const zone = sql.raw(`'${ORGANISATION_TIME_ZONE}'`);
  return sql`select ${atSql} as at,
    date_trunc('day', ${atSql} at time zone ${zone}) at time zone ${zone} as day_start,
    date_trunc('week', ${atSql} at time zone ${zone}) at time zone ${zone} as week_start`;
}

/** `in (...)` of the organisations in view, as parameters. */
export const scopeSql = (scope: readonly string[]) =>
  sql`(${sql.join(
    scope.map((id) => sql`${id}`),
    sql`, `,
  )})`;
