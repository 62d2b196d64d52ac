import { getPathname } from '@/lib/i18n/navigation';
import type { PortalOutcome } from '@/lib/core/groups/hosted-portal';
import type { Locale } from '@/lib/i18n/routing';

/** The portal page of a group in the leader's language. */
export const portalPath = (locale: string, groupId: string) =>
  getPathname({ href: `/groups/${groupId}`, locale: locale as Locale });

/** What an action did or why it did nothing: the page shows the matching GroupPortal message (`result_*`). */
export const portalResults = [
  'member_added',
  'member_removed',
  'schedule_saved',
  'links_sent',
  'signed_out',
  'not_found',
  'invalid',
  'refused',
  'members_locked',
  'installments_locked',
  'member_paid',
  'member_not_found',
  'paid_instalment_changed',
  'due_dates_not_ascending',
  'due_date_past',
  'schedule_sum_mismatch',
  'share_too_small',
  'too_many_instalments',
  'share_below_minimum',
  'member_additions_limited',
  'too_many_members',
  'send_rate_limited',
  'links_held',
] as const satisfies readonly PortalOutcome['result'][];
export type PortalResult = (typeof portalResults)[number];
export const isPortalResult = (value: unknown): value is PortalResult =>
  (portalResults as readonly unknown[]).includes(value);
/** Results that changed something (a status message); the others are errors (an alert). */
export const isSuccess = (result: PortalResult) =>
  result === 'member_added' || result === 'member_removed' || result === 'schedule_saved' || result === 'links_sent';
