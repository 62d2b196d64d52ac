import type { z } from 'zod';
import { AppError } from './app-error';

type Issue = z.core.$ZodIssue;

function fieldName(issue: Issue): string {
  return issue.path.length ? issue.path.map(String).join('.') : 'body';
}

/** Turns one zod issue into a sentence that names the field, and a stable code. */
function describe(issue: Issue): { code: string; message: string } {
  const field = fieldName(issue);
  // Schemas may say what is wanted themselves ("must be a host name such as ..."): that wins.
  if (
    issue.message.startsWith('must ') &&
    !(issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined)
  ) {
    return {
      code:
        issue.code === 'invalid_type'
          ? 'validation.invalid_type'
          : issue.code === 'invalid_value'
            ? 'validation.invalid_value'
            : 'validation.invalid_format',
      message: `${field} ${issue.message}.`,
    };
  }
  switch (issue.code) {
    case 'invalid_type':
      // JSON cannot carry undefined, so an undefined input is a missing field.
      if ((issue as { input?: unknown }).input === undefined)
        return { code: 'validation.required', message: `${field} is required.` };
      return { code: 'validation.invalid_type', message: `${field} must be ${article(issue.expected)}.` };
    case 'too_big':
      return {
        code: 'validation.too_big',
        message: `${field} must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters long' : ''}.`,
      };
    case 'too_small':
      return {
        code: 'validation.too_small',
        message: `${field} must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters long' : ''}.`,
      };
    case 'invalid_format':
      return { code: 'validation.invalid_format', message: `${field} must be a valid ${formatName(issue.format)}.` };
    case 'invalid_value':
      return {
        code: 'validation.invalid_value',
        message: `${field} must be one of: ${issue.values.map(String).join(', ')}.`,
      };
    default:
      return { code: 'validation.invalid', message: `${field}: ${issue.message}` };
  }
}

function article(expected: string): string {
  if (expected === 'int') return 'an integer';
  if (expected === 'object' || expected === 'array') return `an ${expected}`;
  return `a ${expected}`;
}

function formatName(format: string): string {
  return (
    (
      { date: 'date (YYYY-MM-DD)', datetime: 'ISO 8601 date-time', email: 'email address', uuid: 'UUID' } as Record<
        string,
        string
      >
    )[format] ?? format
  );
}

/**
 * Text no field may hold: C0 and C1 control characters (NUL among them) other than
 * tab, line feed and carriage return, DEL, and unpaired UTF-16 surrogates, which
 * PostgreSQL refuses to store (a 500 before this check) and no real text contains.
 */
const forbiddenText =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The paths of every string in the input (values and keys, at any depth) that holds forbidden text. */
function fieldsWithForbiddenText(value: unknown, path: string[] = [], found: string[] = []): string[] {
  // No schema reads this deep; the schema itself refuses such input.
  if (path.length > 32) return found;
  if (typeof value === 'string') {
    if (forbiddenText.test(value)) found.push(path.length ? path.join('.') : 'body');
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => fieldsWithForbiddenText(item, [...path, String(index)], found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (forbiddenText.test(key)) found.push([...path, JSON.stringify(key).slice(1, -1)].join('.'));
      else fieldsWithForbiddenText(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * Validates input against a schema; on failure throws a 422 with one entry per
 * invalid field. Every path, body and setting the service accepts comes through
 * here, so control characters are refused once, for every text field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const controlled = fieldsWithForbiddenText(input);
  if (controlled.length) {
    const entries = controlled.map((field) => ({
      title: 'Invalid field',
      type: 'validation_error' as const,
      code: 'validation.invalid_characters',
      message: `${field} must not contain control characters (such as NUL); only tab, line feed and carriage return are allowed.`,
    }));
    throw new AppError(
      'validation.failed',
      entries.length === 1 ? entries[0]!.message : `${entries.length} fields are invalid.`,
      entries,
    );
  }
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const byField = new Map<string, Issue>();
  for (const issue of result.error.issues) if (!byField.has(fieldName(issue))) byField.set(fieldName(issue), issue);
  const entries = [...byField.values()].map((issue) => ({
    title: 'Invalid field',
    type: 'validation_error' as const,
    ...describe(issue),
  }));
  const summary = entries.length === 1 ? entries[0]!.message : `${entries.length} fields are invalid.`;
  throw new AppError('validation.failed', summary, entries);
}
