import { getTranslations } from 'next-intl/server';
import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { hostedPortal } from '@/lib/core/groups/hosted-portal';
import { PORTAL_SESSION_COOKIE } from '@/lib/core/groups/portal-session';
import { PORTAL_ORGANISATION_HEADER } from '@/lib/http/portal-paths';
import { PortalMembers } from './portal-members';
import { PortalNotice } from './portal-notice';
import { PortalSchedule } from './portal-schedule';
import { PortalTotals } from './portal-totals';

type Props = {
  params: Promise<{ locale: string; group_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The leader portal (product.md section 7): the group's members, schedule and
 * totals, and the leader's actions. Read on every request, so it always shows
 * the group as it is. Without the session (portal_url's token, exchanged by
 * proxy.ts) it shows only how to get in.
 */
export default async function GroupPortalPage({ params, searchParams }: Props) {
  await connection();
  const { locale, group_id: groupId } = await params;
  const view = await hostedPortal({
    groupId,
    sessionCookie: (await cookies()).get(PORTAL_SESSION_COOKIE)?.value,
    hostOrganisation: (await headers()).get(PORTAL_ORGANISATION_HEADER),
  });
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
  const query = await searchParams;
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
      <PortalNotice
        result={query.result}
        count={query.count}
        skipped={query.skipped}
        locale={locale}
        groupId={group.id}
      />
      <PortalTotals group={group} locale={locale} />
      <PortalMembers group={group} locale={locale} />
      <PortalSchedule group={group} locale={locale} />
    </main>
  );
}
