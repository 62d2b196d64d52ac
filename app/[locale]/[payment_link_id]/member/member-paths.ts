import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

/** A member's own page, reached through any of their links (`/{link}/member`), in their language. */
export const memberPagePath = (locale: string, linkId: string) =>
  getPathname({ href: `/${linkId}/member`, locale: locale as Locale });
