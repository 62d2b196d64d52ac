import * as orm from 'drizzle-orm';
import { sql, type SQL } from 'drizzle-orm';
import { keptRows } from './kept-rows';
import { queryRows } from './query-rows';
import type { Executor } from './types';

/*
 * drizzle's own row mapping (what every `await db.select(...)` runs on the driver's rows): exported at runtime
 * by drizzle-orm 0.45 but marked internal in its types, so it is named here once. Using it rather than a copy
 * means a list read through selectLists decodes exactly as the same select awaited alone would.
 */
type Field = { path: string[]; field: unknown };
const internal = orm as unknown as {
  orderSelectedFields(fields: Record<string, unknown>): Field[];
  mapResultRow(fields: Field[], row: unknown[], joinsNotNullableMap: Record<string, boolean> | undefined): unknown;
};
/** The parts of a select builder drizzle keeps to map its rows (set by `.select({...}).from().join()`). */
type SelectInternals = { config: { fields: Record<string, unknown> }; joinsNotNullableMap?: Record<string, boolean> };

/** A drizzle select (with its where, order and limit): awaiting it alone gives `Promise<T[]>`. */
export type Select = orm.SQLWrapper & PromiseLike<unknown[]>;
type Rows<Q> = Q extends PromiseLike<infer R> ? R : never;

/**
 * Several independent selects in ONE statement (one round trip, one parse and plan): each becomes a JSON column,
 * the array of its rows, and each row is decoded by drizzle's column decoders as if the select had been awaited
 * alone (the same objects, a left join's missing table null). On PGlite, where statements run one after another
 * on the server's JavaScript thread, a page's fifteen reads cost fifteen turns; here they cost one.
 *
 * How: `(select coalesce(json_agg(list_rows), '[]') from (<the select>) s(c0, c1, ...))`. The column list renames the
 * select's columns by position, so two tables' `id` (a join) stay apart; `c<i>` is the i-th selected field in
 * drizzle's order. The rows keep the select's ORDER BY: json_agg reads a subquery that sorts and limits, and
 * nothing between them reorders (PostgreSQL's documented "sorted subquery" input to an aggregate). JSON carries
 * every column type of lib/db/schema faithfully for its decoder: timestamptz as ISO text (new Date reads it), dates
 * as YYYY-MM-DD, bigint (mode number) and integers as numbers, jsonb as objects, arrays as arrays. A raw `sql`
 * field without a decoder arrives as JSON gives it (a sum as a number, not the driver's text).
 */
export async function selectLists<Q extends Record<string, Select>>(
  db: Executor,
  selects: Q,
  options: { keepPlan?: boolean } = {},
): Promise<ListsRows<Q>> {
  const { query, decode } = compileLists(selects);
  // keepPlan: a statement whose shape never changes between calls keeps its plan in the database (kept-rows.ts).
  const [row] = await (options.keepPlan ? keptRows : queryRows)<ListsRow>(db, query);
  return decode(row!);
}

export type ListsRows<Q> = { [K in keyof Q]: Rows<Q[K]> };
/** The one row of a lists statement: column `l<i>` the JSON array of the i-th select's rows. */
export type ListsRow = Record<string, Record<string, unknown>[]>;

/** The lists statement of `selects` and how to decode its row (selectLists; lists-template.ts keeps both per shape). */
export function compileLists<Q extends Record<string, Select>>(
  selects: Q,
): { query: SQL; decode: (row: ListsRow) => ListsRows<Q> } {
  const parts = Object.entries(selects).map(([key, select]) => {
    const { config, joinsNotNullableMap } = select as unknown as SelectInternals;
    const fields = internal.orderSelectedFields(config.fields);
    const names = fields.map((_, i) => `c${i}`);
    const columns = sql.raw(names.join(', '));
    const json = sql`(select coalesce(json_agg(list_rows), '[]'::json) from (${select.getSQL()}) as list_rows(${columns}))`;
    return { key, fields, names, joinsNotNullableMap, json };
  });
  const query = sql`select ${sql.join(
    parts.map((part, i): SQL => sql`${part.json} as ${sql.raw(`l${i}`)}`),
    sql`, `,
  )}`;
  const decode = (row: ListsRow) => {
    const out: Record<string, unknown[]> = {};
    parts.forEach((part, i) => {
      const list = row[`l${i}`] ?? [];
      out[part.key] = list.map((json) =>
        internal.mapResultRow(
          part.fields,
          part.names.map((name) => json[name] ?? null),
          part.joinsNotNullableMap,
        ),
      );
    });
    return out as ListsRows<Q>;
  };
  return { query, decode };
}
