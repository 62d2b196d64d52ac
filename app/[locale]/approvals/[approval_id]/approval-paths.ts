import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

/** The approval page in the customer's language. */
export const approvalPath = (locale: string, id: string) =>
  getPathname({ href: `/approvals/${encodeURIComponent(id)}`, locale: locale as Locale });
