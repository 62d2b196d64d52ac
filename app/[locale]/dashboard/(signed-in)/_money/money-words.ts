import { getTranslations } from 'next-intl/server';
import { organisationScope } from '@/lib/auth/access';
import type { StaffActor } from '@/lib/core/staff/load-staff-actor';
import { londonDate, londonDateTime } from '@/lib/i18n/date-format';
import { formatMoney } from '@/lib/money';

export type StatusKind = 'transaction' | 'refund' | 'chargeback';

/**
 * How the money pages say things: amounts in the locale's money format, times on the organisations' clock
 * (London, as receipts and emails), statuses in words. An unknown status (a new one the words lack) shows
 * as it is rather than breaking the page.
 */
export async function moneyWords(locale: string) {
  const t = await getTranslations({ locale, namespace: 'DashboardMoney.status' });
  return {
    money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
    when: (iso: string) => londonDateTime(new Date(iso), locale),
    day: (iso: string) => londonDate(new Date(iso), locale),
    status: (kind: StatusKind, status: string) => {
      const key = `${kind}.${status}` as 'transaction.COMPLETE';
      return t.has(key) ? t(key) : status;
    },
  };
}

/** Whether a record of `organisationId` is in the staff's view: the organisation in view or one below it. */
export const inView = (staff: StaffActor, organisationId: string) =>
  organisationScope(staff, staff.rootOrganisationId, true).includes(organisationId);

/** A search parameter read once (an array when the address repeats it: the first). */
export const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
export const many = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
