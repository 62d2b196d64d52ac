import { describeErrorSafely, isDatabaseError } from './safe-error-log';

/*
 * The service's own log lines describe errors with describeErrorSafely. Next.js logs
 * what a page or a server action throws by itself (console.error(error)), and a database
 * error thrown there would print its message: a Drizzle query error lists every bound
 * parameter, a driver's error may quote a value. So the server process (instrumentation.ts)
 * and the worker wrap the console once: a database error among a log call's arguments is
 * replaced by its safe description, and the parameter list of a query error already turned
 * into text is cut. Every other argument is logged as it was.
 */

const methods = ['error', 'warn', 'info', 'log', 'debug'] as const;
type ConsoleLike = Partial<Record<(typeof methods)[number], (...args: unknown[]) => void>>;

const guarded = Symbol.for('travel-pay.console-guard');

/** A log argument as it may be written: a database error becomes its safe description. */
export function safeLogArgument(value: unknown): unknown {
  if (isDatabaseError(value)) return `[database error ${JSON.stringify(describeErrorSafely(value))}]`;
  // String(error) of a Drizzle query error: "Failed query: <sql>\nparams: <every value>".
  if (typeof value === 'string' && value.includes('params:'))
    return value.replace(/(Failed query:[\s\S]*?params:)[^\n]*/g, '$1 [withheld]');
  return value;
}

/** Wraps a console's methods (once): what they are given passes through safeLogArgument first. */
export function guardConsole(target: ConsoleLike = console as unknown as ConsoleLike): void {
  const marked = target as ConsoleLike & { [guarded]?: true };
  if (marked[guarded]) return;
  for (const name of methods) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    target[name] = (...args: unknown[]) => original.apply(target, args.map(safeLogArgument));
  }
  marked[guarded] = true;
}
