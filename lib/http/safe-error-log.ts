/**
 * What a log may say about an unexpected error: its class, a driver's error code
 * (a PostgreSQL SQLSTATE such as 22021) and where it was thrown — never its
 * message, which can hold an email, a name, a query string or an SQL statement
 * with its parameters (a Drizzle query error's message lists every bound value:
 * names, BINs, last fours, tokens). The causes it wraps are described the same way.
 * The one exception is an error that says its message is safe (`logSafeMessage`):
 * the processor's errors, whose messages this service writes itself from references,
 * amounts and the processor's error codes, and which an operator needs to read.
 */
export type SafeErrorDescription = {
  class: string;
  code?: string;
  message?: string;
  frames: string[];
  cause?: SafeErrorDescription;
};

/** Whether an error's message was written to be logged (lib/payments/processor/port.ts). */
export const hasLogSafeMessage = (error: unknown): error is Error =>
  error instanceof Error && (error as { logSafeMessage?: unknown }).logSafeMessage === true && !isDatabaseError(error);

export function describeErrorSafely(error: unknown, depth = 0): SafeErrorDescription {
  if (!(error instanceof Error)) return { class: error === null ? 'null' : typeof error, frames: [] };
  const code = (error as { code?: unknown }).code;
  const description: SafeErrorDescription = {
    class: error.constructor?.name || error.name || 'Error',
    // Only short identifier-like codes: anything longer could be data.
    ...(typeof code === 'string' && /^[A-Za-z0-9_.-]{1,40}$/.test(code) ? { code } : {}),
    ...(hasLogSafeMessage(error) ? { message: error.message.slice(0, 500) } : {}),
    frames: stackFrames(error.stack),
  };
  if (error.cause !== undefined && depth < 3) description.cause = describeErrorSafely(error.cause, depth + 1);
  return description;
}

/**
 * One short line for a record a person reads (a refund's failure_reason, the email that
 * tells the organisation): the message when it is safe, else only what kind of error it was.
 */
export function safeErrorText(error: unknown): string {
  if (hasLogSafeMessage(error)) return error.message.slice(0, 500);
  const description = describeErrorSafely(error);
  const code = description.code ?? description.cause?.code;
  return `unexpected ${description.class}${code ? ` (${code})` : ''}; details are in the service's log`;
}

/**
 * Whether an error is, or wraps, a database error: Drizzle's query error (its own
 * `query` and `params`; its class name may be minified in a build) or a driver's
 * (node-postgres and PGlite both give a SQLSTATE `code` and a `severity`), whose
 * message or `detail` may quote a value ("Key (email)=(…) already exists").
 */
export function isDatabaseError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const fields = error as { code?: unknown; severity?: unknown };
  if (error.constructor?.name === 'DrizzleQueryError' || ('query' in error && 'params' in error)) return true;
  if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) && typeof fields.severity === 'string')
    return true;
  return isDatabaseError(error.cause, depth + 1);
}

/** The "at function (file:line:column)" lines only: the stack's first lines repeat the message. */
function stackFrames(stack: string | undefined): string[] {
  return (stack ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, 15);
}
