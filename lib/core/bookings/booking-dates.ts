import { AppError } from '@/lib/http/app-error';

/** A trip cannot come back before it leaves; dates are ISO strings, so text order is date order. */
export function assertDatesInOrder(departure: string | null | undefined, returning: string | null | undefined): void {
  if (departure && returning && returning < departure) {
    throw new AppError('validation.failed', 'return_date must not be before departure_date.', [
      { title: 'Invalid field', type: 'validation_error', code: 'validation.invalid', message: 'return_date must not be before departure_date.' },
    ]);
  }
}
