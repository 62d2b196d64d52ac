import { getRequestConfig } from 'next-intl/server';
import { requestConfigFor } from './request-config';

/** next-intl's request config (next.config.ts names this file): catalogs, zone and message cache in request-config.ts. */
export default getRequestConfig(async ({ requestLocale }) => requestConfigFor(await requestLocale));
