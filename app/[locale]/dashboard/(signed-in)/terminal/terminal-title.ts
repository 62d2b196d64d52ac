import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import type { StaffActor } from '@/lib/core/staff/load-staff-actor';
import { terminalOrderFor } from '@/lib/core/terminal/terminal-request';
import { currentStaff } from '../../staff-session';

/** Once per request: the order page's title (generateMetadata) and its body read the same order. */
export const loadTerminalOrder = cache((staff: StaffActor, id: string) => terminalOrderFor(staff, id));

/**
 * The virtual terminal's titles, "<page> – <organisation in view>" in the page's language, as the hosted pages
 * name theirs (app/[locale]/page-title.ts, Layout.titleWithOrganisation): a member of staff with several tabs
 * open (a phone payment in one, the booking in another) or switching organisations sees which is which. The
 * organisation's name comes with the session (currentStaff, cached per request): no extra query. Without a
 * session, or for an order the staff member may not see, the page itself redirects, 403s or 404s: the title
 * then says only "Virtual terminal".
 */
export async function terminalTitle(locale: string, order?: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'DashboardTerminal' });
  const layout = await getTranslations({ locale, namespace: 'Layout' });
  const staff = await currentStaff();
  const organisation = staff?.organisationList.find((org) => org.id === staff.rootOrganisationId)?.name;
  if (!staff || !organisation) return { title: t('title') };
  let page = t('title');
  if (order) {
    const found = await loadTerminalOrder(staff, order).catch(() => null);
    if (found) page = t('orderTitle', { reference: found.bookingReference });
  }
  return { title: layout('titleWithOrganisation', { page, organisation }) };
}
