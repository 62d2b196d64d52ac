import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

/** The approval page in the customer's language. */
export const approvalPath = (locale: string, id: string) =>
  getPathname({ href: `/approvals/${encodeURIComponent(id)}`, locale: locale as Locale });

/**
 * The server-rendered 404 document for an approval id that is not ours: a path
 * nothing else serves, which the [...rest] route handler answers in full (see
 * checkout-paths.ts notFoundPath for why not notFound()).
 */
export const approvalNotFoundPath = (locale: string, id: string) =>
  getPathname({ href: `/approvals/${encodeURIComponent(id)}/not-found`, locale: locale as Locale });
