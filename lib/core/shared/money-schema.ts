import { z } from 'zod';

/**
 * The largest amount any money field accepts: 1 000 000 000 minor units (10 million
 * in the major unit). Far above any real booking, far below 2^53, and summing a
 * few thousand of them still fits PostgreSQL's bigint and JavaScript's safe integers.
 */
export const MAX_MINOR_UNITS = 1_000_000_000;

/** An amount of money in minor units: an integer from `min` (1 unless zero makes sense) to MAX_MINOR_UNITS. */
export const minorUnits = ({ min = 1 }: { min?: 0 | 1 } = {}) => z.int().min(min).max(MAX_MINOR_UNITS);

/** The deprecated major-unit form (bookings' gross_amount on update), bounded the same. */
export const majorUnits = () =>
  z
    .number()
    .min(0)
    .max(MAX_MINOR_UNITS / 100);
