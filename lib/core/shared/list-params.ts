import { z } from 'zod';

/** Paging deeper than this is a scan nobody needs; filter (keyword, dates) instead. */
export const MAX_SKIP = 100_000;

/**
 * The parameters every list operation shares (docs/service-interface.md, Common
 * conventions): organisation required, skip from 0 up to MAX_SKIP, take up to a maximum.
 */
export function listParams({ defaultTake = 25, maxTake = 25 } = {}) {
  return z.object({
    organisation: z.string().trim().min(1),
    skip: z.int().min(0).max(MAX_SKIP).default(0),
    take: z.int().min(1).max(maxTake).default(defaultTake),
    'show-child-organisations': z.boolean().default(false),
  });
}

export type ListParams = z.output<ReturnType<typeof listParams>>;

export const keywordParam = z.string().trim().max(200).optional();
export const dateParam = z.iso.date();
