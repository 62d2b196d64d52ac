import { z } from 'zod';

/** Ids that are not uuids are simply unknown: callers answer them as not found without asking the database. */
export const isUuid = (value: string) => z.uuid().safeParse(value).success;
