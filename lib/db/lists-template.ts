import { randomUUID } from 'node:crypto';
import { PgDialect } from 'drizzle-orm/pg-core';
import { keptClient, keptName, runKept } from './kept-rows';
import { compileLists, selectLists, type ListsRow, type ListsRows, type Select } from './select-lists';
import type { Executor } from './types';

/*
 * selectLists for a page that reads the same lists on every request, with only some ids changing: the statement is
 * built by drizzle once per shape, not per call. Building it (a booking's fifteen selects and their counts, walked
 * into SQL text) was about a tenth of the dashboard's booking page's CPU, and the text and plan came out the same
 * every time (docs/dashboard-bookings.md).
 *
 * `build(db, values, shape)` returns the selects. The first call of a shape runs it with stand-ins for the values
 * (unique strings), compiles it, and notes which parameters are which value; later calls put their values in those
 * places and run the kept statement (kept-rows.ts). So `build` must pass each value to drizzle as a parameter and
 * nothing else: used in the SQL text, transformed, or tested for anything but being a string, it would be caught
 * when the shape is compiled (a stand-in in the text, or a parameter that holds a stand-in and is not one). Whatever
 * else changes the SQL (roles, a missing customer) belongs in `shape`.
 * Inside a transaction nothing is kept: `build` runs with the real values and selectLists reads them.
 */

type Compiled<Q> = {
  name: string;
  text: string;
  /** The statement's parameters, a value's name where a value goes. */
  params: ({ value: string } | { constant: unknown })[];
  decode: (row: ListsRow) => ListsRows<Q>;
};

/** What changes the statement's text besides the values (flags of the caller's roles, say): one statement per shape. */
type Shape = Record<string, boolean>;

const dialect = new PgDialect();
const mark = `lists-template-${randomUUID()}`;
const standIn = (name: string) => `${mark}:${name}`;

export function listsTemplate<V extends string, S extends Shape, Q extends Record<string, Select>>(
  build: (db: Executor, values: Record<V, string>, shape: S) => Q,
): (db: Executor, values: Record<V, string>, shape: S) => Promise<ListsRows<Q>> {
  const shapes = new Map<string, Compiled<Q>>();
  return async (db, values, shape) => {
    const client = keptClient(db);
    if (client) {
      const key = JSON.stringify(shape);
      let compiled = shapes.get(key);
      if (!compiled) {
        compiled = compile(db, build, shape);
        shapes.set(key, compiled);
      }
      const params = compiled.params.map((param) => ('value' in param ? values[param.value as V] : param.constant));
      const rows = await runKept<ListsRow>(client, compiled.name, compiled.text, params);
      if (rows) return compiled.decode(rows[0]!);
    }
    return selectLists(db, build(db, values, shape));
  };
}

function compile<V extends string, S extends Shape, Q extends Record<string, Select>>(
  db: Executor,
  build: (db: Executor, values: Record<V, string>, shape: S) => Q,
  shape: S,
): Compiled<Q> {
  const handedOut = new Set<string>();
  const standIns = new Proxy({} as Record<V, string>, {
    get: (_, name) => {
      handedOut.add(String(name));
      return standIn(String(name));
    },
  });
  const { query, decode } = compileLists(build(db, standIns, shape));
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (text.includes(mark))
    throw new Error(`listsTemplate (${JSON.stringify(shape)}): a value reached the SQL text, not a parameter`);
  return {
    name: keptName(text),
    text,
    params: params.map((param) => {
      if (typeof param !== 'string' || !param.includes(mark)) return { constant: param };
      const name = param.slice(mark.length + 1);
      if (param !== standIn(name) || !handedOut.has(name))
        throw new Error(`listsTemplate (${JSON.stringify(shape)}): a value was changed before it became a parameter`);
      return { value: name };
    }),
    decode,
  };
}
