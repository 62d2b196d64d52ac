import { errorCatalog, type ErrorCode, type ErrorType } from './error-catalog';

export type ErrorEntry = { title: string; message: string; type: ErrorType; code: string; documentation_url: string };

/**
 * An expected failure raised anywhere below a route or action. The route wrapper
 * turns it into the envelope; nothing else about it reaches the caller.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra entries, one per invalid field, for validation failures. */
    readonly entries?: Omit<ErrorEntry, 'documentation_url'>[],
  ) {
    super(message);
    this.status = errorCatalog[code].status;
  }
}

export const notFound = (what: string) => new AppError('resource.not_found', `${what} not found.`);

/** A 422 for a rule zod cannot express alone (dates in order, a field combination); the message names the field. */
export const invalidField = (message: string, code = 'validation.invalid') =>
  new AppError('validation.failed', message, [{ title: 'Invalid field', type: 'validation_error', code, message }]);
