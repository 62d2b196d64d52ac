import { z } from 'zod';

/** A form field that may be left out: an empty value (a hidden input the page left blank) is an absent one. */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
