import { z } from 'zod';

/** Built once: a zod schema is an object graph, and this runs on every hosted page, proxy decision and API lookup. */
const uuid = z.uuid();

/** Ids that are not uuids are simply unknown: callers answer them as not found without asking the database. */
export const isUuid = (value: string) => uuid.safeParse(value).success;
