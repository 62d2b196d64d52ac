import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/http/app-error';
import { parseInput } from '@/lib/http/validation';

const schema = z.object({
  name: z.string().min(2),
  take: z.int().max(25).optional(),
  email: z.email().optional(),
  kind: z.enum(['a', 'b']).optional(),
  when: z.iso.date().optional(),
});

function failure(input: unknown): AppError {
  try {
    parseInput(schema, input);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a validation failure');
}

describe('parseInput', () => {
  it('returns parsed data when valid', () => {
    expect(parseInput(schema, { name: 'Jo', take: 3 })).toEqual({ name: 'Jo', take: 3 });
  });

  it('gives one entry per invalid field, each naming the field', () => {
    const error = failure({ take: 30, email: 'x', kind: 'c', when: '2027-02-30' });
    expect(error.status).toBe(422);
    expect(error.code).toBe('validation.failed');
    expect(error.entries!.map((e) => [e.code, e.message])).toEqual([
      ['validation.required', 'name is required.'],
      ['validation.too_big', 'take must be at most 25.'],
      ['validation.invalid_format', 'email must be a valid email address.'],
      ['validation.invalid_value', 'kind must be one of: a, b.'],
      ['validation.invalid_format', 'when must be a valid date (YYYY-MM-DD).'],
    ]);
    expect(error.message).toBe('5 fields are invalid.');
  });

  it('keeps only the first problem of a field and summarises a single failure with its message', () => {
    const error = failure({ name: 5 });
    expect(error.entries).toHaveLength(1);
    expect(error.message).toBe('name must be a string.');
    expect(failure({ name: 'J' }).message).toBe('name must be at least 2 characters long.');
  });

  it('describes a non-object body as the body', () => {
    expect(failure([1]).entries![0]!.message).toBe('body must be an object.');
  });
});
