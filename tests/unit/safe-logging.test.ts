import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardConsole, safeLogArgument } from '@/lib/http/console-guard';
import { describeErrorSafely, safeErrorText } from '@/lib/http/safe-error-log';
import { ProcessorError } from '@/lib/payments/processor/port';

/*
 * Issue 16 item 17, as a lint: no log call in lib/ or app/ (nor the proxy, the instrumentation
 * hook or the worker) is given an error's text. An error goes to a log through
 * describeErrorSafely (lib/http/safe-error-log.ts), which never prints a message that could
 * hold a query's parameters.
 */

const errorName = '(?:error|err|e|cause|exception)';
const unsafe: [RegExp, string][] = [
  [new RegExp(`String\\(\\s*${errorName}\\s*\\)`), 'String(error)'],
  [new RegExp(`\\b${errorName}\\??\\.(?:message|detail|stack)\\b`), 'error.message'],
  [new RegExp(`\\$\\{\\s*${errorName}\\s*\\}`), '`${error}`'],
  [new RegExp(`[{,]\\s*${errorName}\\s*[,}]`), '{ error } (the object itself)'],
  [new RegExp(`\\berror:\\s*${errorName}\\s*[,}]`), 'error: error'],
];

/** The argument text of every console call in `source`, with the line it starts on. */
export function consoleCalls(source: string): { line: number; text: string; args: string[] }[] {
  const calls: { line: number; text: string; args: string[] }[] = [];
  for (const match of source.matchAll(/\bconsole\.(?:error|warn|info|log|debug)\(/g)) {
    let depth = 1;
    let index = match.index! + match[0].length;
    const start = index;
    const args: string[] = [];
    let argStart = start;
    for (; index < source.length && depth > 0; index += 1) {
      const char = source[index];
      if ('([{'.includes(char!)) depth += 1;
      else if (')]}'.includes(char!)) depth -= 1;
      else if (char === ',' && depth === 1) {
        args.push(source.slice(argStart, index).trim());
        argStart = index + 1;
      }
    }
    args.push(source.slice(argStart, index - 1).trim());
    calls.push({ line: source.slice(0, match.index).split('\n').length, text: source.slice(start, index - 1), args });
  }
  return calls;
}

/** Why a console call is unsafe, or null. */
export function unsafeLogging(call: { text: string; args: string[] }): string | null {
  if (call.args.some((arg) => new RegExp(`^${errorName}$`).test(arg))) return 'logs the error object itself';
  for (const [pattern, name] of unsafe) if (pattern.test(call.text)) return `logs ${name}`;
  return null;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(?:ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('log calls never carry an error’s text', () => {
  it('the detector finds each unsafe shape (so a clean scan means something)', () => {
    const bad = [
      "console.error(JSON.stringify({ level: 'error', error: String(error) }));",
      'console.warn(`email not sent: ${error.message}`);',
      "console.error('webhook event not rendered', error);",
      'console.error(`failed: ${err}`);',
      "console.error(JSON.stringify({ message: 'x', error }));",
      'console.info(JSON.stringify({ error: e }));',
      'console.error(JSON.stringify({ detail: cause?.detail }));',
    ];
    for (const line of bad) expect(unsafeLogging(consoleCalls(line)[0]!), line).not.toBeNull();
    const good = [
      "console.error(JSON.stringify({ level: 'error', message: 'x', error: describeErrorSafely(error) }));",
      "console.info(JSON.stringify({ level: 'info', message: 'client closed the connection' }));",
      'console.error(`travel-pay error ${reference}`);',
    ];
    for (const line of good) expect(unsafeLogging(consoleCalls(line)[0]!), line).toBeNull();
  });

  it('no file of lib/ or app/, the proxy, the instrumentation hook or the worker logs String(error), its message or the error itself', () => {
    const root = process.cwd();
    const files = [
      ...sourceFiles(path.join(root, 'lib')),
      ...sourceFiles(path.join(root, 'app')),
      ...['proxy.ts', 'instrumentation.ts', 'scripts/worker.ts'].map((f) => path.join(root, f)),
    ];
    const found: string[] = [];
    let calls = 0;
    for (const file of files) {
      // Comments may quote what is not done (`console.error(error)`): blanked, keeping the line numbers.
      const code = fs
        .readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, (comment) => comment.replace(/[^\n]/g, ' '));
      for (const call of consoleCalls(code)) {
        calls += 1;
        const problem = unsafeLogging(call);
        if (problem) found.push(`${path.relative(root, file)}:${call.line}: ${problem}`);
      }
    }
    expect(calls, 'the scan saw the service’s log calls').toBeGreaterThan(30);
    expect(found).toEqual([]);
  });
});

describe('the safe describer and the console guard', () => {
  const queryError = () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    return Object.assign(
      new Error('Failed query: insert into "customers" ("email") values ($1)\nparams: ada@example.com'),
      { query: 'insert …', params: ['ada@example.com'], cause },
    );
  };

  it('a database error: its kind and SQLSTATE, never its message, parameters or detail', () => {
    const described = JSON.stringify(describeErrorSafely(queryError()));
    expect(described).toContain('"code":"23505"');
    expect(described).not.toContain('ada@example.com');
    expect(safeErrorText(queryError())).toBe("unexpected Error (23505); details are in the service's log");
  });

  it('a processor error says its message (written by the adapters from references and codes)', () => {
    const error = new ProcessorError('Adyen /payments answered 422: 101 Invalid card number', false);
    expect(describeErrorSafely(error).message).toBe('Adyen /payments answered 422: 101 Invalid card number');
    expect(safeErrorText(error)).toBe('Adyen /payments answered 422: 101 Invalid card number');
    expect(describeErrorSafely(new Error('Jane Traveller')).message).toBeUndefined();
  });

  it('the guard replaces database errors and a query error’s parameter list, and passes the rest unchanged', () => {
    expect(safeLogArgument(queryError())).toMatch(/^\[database error \{"class":"Error",/);
    expect(safeLogArgument(`Error: ${queryError().message}`)).toBe(
      'Error: Failed query: insert into "customers" ("email") values ($1)\nparams: [withheld]',
    );
    const plain = new Error('not a database error');
    expect(safeLogArgument(plain)).toBe(plain);
    expect(safeLogArgument('a line')).toBe('a line');
    const written: unknown[][] = [];
    const target = {
      error: (...args: unknown[]) => {
        written.push(args);
      },
    };
    guardConsole(target);
    guardConsole(target);
    target.error('x', queryError());
    expect(written).toHaveLength(1);
    expect(String(written[0]![1])).not.toContain('ada@example.com');
  });
});
