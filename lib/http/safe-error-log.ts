/**
 * What a log may say about an unexpected error: its class, a driver's error code
 * (a PostgreSQL SQLSTATE such as 22021) and where it was thrown — never its
 * message, which can hold an email, a name, a query string or an SQL statement
 * with its parameters. The causes it wraps are described the same way.
 */
export type SafeErrorDescription = { class: string; code?: string; frames: string[]; cause?: SafeErrorDescription };

export function describeErrorSafely(error: unknown, depth = 0): SafeErrorDescription {
  if (!(error instanceof Error)) return { class: error === null ? 'null' : typeof error, frames: [] };
  const code = (error as { code?: unknown }).code;
  const description: SafeErrorDescription = {
    class: error.constructor?.name || error.name || 'Error',
    // Only short identifier-like codes: anything longer could be data.
    ...(typeof code === 'string' && /^[A-Za-z0-9_.-]{1,40}$/.test(code) ? { code } : {}),
    frames: stackFrames(error.stack),
  };
  if (error.cause !== undefined && depth < 3) description.cause = describeErrorSafely(error.cause, depth + 1);
  return description;
}

/** The "at function (file:line:column)" lines only: the stack's first lines repeat the message. */
function stackFrames(stack: string | undefined): string[] {
  return (stack ?? '').split('\n').map((line) => line.trim()).filter((line) => line.startsWith('at ')).slice(0, 15);
}
