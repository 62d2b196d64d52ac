import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

/** A member's own page, reached through any of their links (`/{link}/member`), in their language. */
export const memberPagePath = (locale: string, linkId: string) =>
  getPathname({ href: `/${linkId}/member`, locale: locale as Locale });

/** The member's card replacement (`/{link}/member/card`), and where 3-D Secure brings them back to (`/return`). */
export const memberCardPath = (locale: string, linkId: string, page: '' | '/return' = '') =>
  getPathname({ href: `/${linkId}/member/card${page}`, locale: locale as Locale });
