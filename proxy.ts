import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { isSandbox } from './lib/config';
import { routing } from './lib/i18n/routing';

const intl = createMiddleware(routing);

/** The sandbox's pages: the mailbox and the 3-D Secure and bank stand-ins. */
const sandboxPage = new RegExp(`^(?:/(${routing.locales.join('|')}))?/sandbox(?:/|$)`);

/**
 * Locale routing for pages. In production mode the sandbox pages do not exist:
 * they are answered by the 404 page (app/[locale]/[...rest]/route.ts) before
 * any of them renders.
 */
export default function proxy(request: NextRequest) {
  const match = sandboxPage.exec(request.nextUrl.pathname);
  if (match && !isSandbox()) {
    const locale = match[1] ?? routing.defaultLocale;
    return NextResponse.rewrite(new URL(`/${locale}/not-found`, request.url));
  }
  return intl(request);
}

export const config = {
  // Every page path, but not the API, Next.js internals or files with an extension.
  matcher: '/((?!api|_next|_vercel|.*\\..*).*)',
};
