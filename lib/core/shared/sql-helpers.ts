import { ilike, type Column } from 'drizzle-orm';

/** A partial, case-insensitive match that treats the user's % and _ as plain characters. */
export function containsInsensitive(column: Column, keyword: string) {
  return ilike(column, `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** Postgres reports a broken unique constraint with this SQLSTATE. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } };
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}
