import { getPathname } from '@/lib/i18n/navigation';

/*
 * The back office's addresses (app/[locale]/dashboard). In one place so that the emails,
 * the redirects and the pages agree.
 */
export const dashboardPath = (locale: string, sub = '') => getPathname({ href: `/dashboard${sub}`, locale });
export const signInPath = (locale: string) => dashboardPath(locale, '/sign-in');
/** The link page: a GET shows a button, only its POST signs in (mail scanners open links). */
export const signInLinkPath = (locale: string, token: string) =>
  getPathname({ href: { pathname: '/dashboard/sign-in/link', query: { token } }, locale });
