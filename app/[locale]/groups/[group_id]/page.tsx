import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { hostedPortal } from '@/lib/core/groups/hosted-portal';
import { PORTAL_SESSION_COOKIE } from '@/lib/core/groups/portal-session';
import { PORTAL_ORGANISATION_HEADER } from '@/lib/http/portal-paths';
import { notFoundPageTitle, portalPageTitle, siteTitle } from '../../page-title';
import { PortalConfirmRemove } from './portal-confirm-remove';
import { PortalMembers } from './portal-members';
import { PortalNotice } from './portal-notice';
import { PortalSchedule } from './portal-schedule';
import { PortalTotals } from './portal-totals';

type Props = {
  params: Promise<{ locale: string; group_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// Once per request: the title (generateMetadata) and the page read the same view (cache keys on plain arguments).
// `noticeMember`: the member an action's status message names (the title never needs it, so it asks without).
// `locale`: the page's language, which the leader's emails then use (hosted-portal.ts).
const portalView = cache(
  async (
    groupId: string,
    sessionCookie: string | undefined,
    hostOrganisation: string | null,
    locale: string,
    noticeMember?: string,
  ) => hostedPortal({ groupId, sessionCookie, hostOrganisation, locale, noticeMember }),
);
const portalRequest = async (groupId: string, locale: string, noticeMember?: string) =>
  portalView(
    groupId,
    (await cookies()).get(PORTAL_SESSION_COOKIE)?.value,
    (await headers()).get(PORTAL_ORGANISATION_HEADER),
    locale,
    noticeMember,
  );

export async function generateMetadata({ params }: Pick<Props, 'params'>): Promise<Metadata> {
  const { locale, group_id: groupId } = await params;
  const view = await portalRequest(groupId, locale);
  if (view.state === 'not_found') return notFoundPageTitle(locale);
  if (view.state === 'signed_out')
    return {
      title: await siteTitle(locale, (await getTranslations({ locale, namespace: 'GroupPortal' }))('signedOutTitle')),
    };
  const { group } = view;
  const name = group.name ?? (await getTranslations({ locale, namespace: 'GroupPortal' }))('title');
  return portalPageTitle(locale, name, group.organisation.name);
}

/**
 * The leader portal (product.md section 7): the group's members, schedule and
 * totals, and the leader's actions. Read on every request, so it always shows
 * the group as it is. Without the session (portal_url's token, exchanged by
 * proxy.ts) it shows only how to get in.
 */
export default async function GroupPortalPage({ params, searchParams }: Props) {
  await connection();
  const { locale, group_id: groupId } = await params;
  const query = await searchParams;
  const view = await portalRequest(groupId, locale, typeof query.member === 'string' ? query.member : undefined);
  if (view.state === 'not_found') notFound();
  const t = await getTranslations('GroupPortal');
  if (view.state === 'signed_out') {
    return (
      <main className="narrow" data-testid="portal-signed-out">
        <h1>{t('signedOutTitle')}</h1>
        <p>{t('signedOutBody')}</p>
        <p>{t('signedOutHelp')}</p>
      </main>
    );
  }
  const { group } = view;
  return (
    <main className="portal" data-testid="portal">
      <header>
        <p className="checkout-organisation" data-testid="portal-organisation">
          {group.organisation.name}
        </p>
        <h1>{group.name ?? t('title')}</h1>
        <dl className="checkout-details">
          <dt>{t('bookingReference')}</dt>
          <dd data-testid="portal-booking">{group.booking.booking_reference}</dd>
          <dt>{t('leader')}</dt>
          <dd>{group.lead_name}</dd>
        </dl>
      </header>
      <PortalNotice query={query} memberName={view.noticeMember} locale={locale} groupId={group.id} />
      <PortalConfirmRemove group={group} memberId={query.remove} locale={locale} />
      <PortalTotals group={group} locale={locale} />
      <PortalMembers group={group} locale={locale} />
      <PortalSchedule group={group} locale={locale} />
    </main>
  );
}
