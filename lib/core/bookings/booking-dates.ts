import { invalidField } from '@/lib/http/app-error';

/** A trip cannot come back before it leaves; dates are ISO strings, so text order is date order. */
export function assertDatesInOrder(departure: string | null | undefined, returning: string | null | undefined): void {
  if (departure && returning && returning < departure)
    throw invalidField('return_date must not be before departure_date.');
}
