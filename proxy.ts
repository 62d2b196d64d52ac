import createMiddleware from 'next-intl/middleware';
import { routing } from './lib/i18n/routing';

export default createMiddleware(routing);

export const config = {
  // Every page path, but not the API, Next.js internals or files with an extension.
  matcher: '/((?!api|_next|_vercel|.*\\..*).*)',
};
