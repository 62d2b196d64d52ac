import { getTranslations } from 'next-intl/server';
import { getOverview } from '@/lib/core/overview/get-overview';
import { staffOrganisations } from '@/lib/core/staff/staff-request';
import { getDb } from '@/lib/db/client';
import { requireStaff } from '../staff-session';
import { GroupBalances } from './overview-parts/group-balances';
import { NeedsPerson } from './overview-parts/needs-person';
import { PaymentsSummary } from './overview-parts/payments-summary';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ result?: string }> };

/**
 * The overview (lib/core/overview/get-overview.ts, one statement): payments today and this week, the open
 * groups' balances, and what needs a person, each linking to the section that deals with it. The organisation
 * in view only (the switcher changes it). Chargebacks need chargebacks:view (the read model gives null
 * without it, and the tile is left out), as everywhere else.
 */
export default async function DashboardOverview({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  const t = await getTranslations({ locale, namespace: 'Dashboard.overview' });
  const [organisations, overview] = await Promise.all([
    staffOrganisations(staff),
    getOverview(await getDb(), staff, { organisation: staff.rootOrganisationId }),
  ]);
  const inView = organisations.find((org) => org.id === staff.rootOrganisationId);
  const roles = [...staff.roles].sort();
  return (
    <main>
      <h1>{t('title')}</h1>
      {(await searchParams).result === 'switched' && (
        <p className="notice" role="status">
          {t('switched')}
        </p>
      )}
      <p data-testid="overview-signed-in">{t('signedIn', { name: staff.userName, email: staff.userEmail })}</p>
      <p data-testid="overview-organisation">
        {t('inView', { organisation: inView?.name ?? staff.rootOrganisationId })}
      </p>
      <PaymentsSummary locale={locale} overview={overview} />
      <NeedsPerson locale={locale} overview={overview} />
      <GroupBalances locale={locale} overview={overview} />
      <details>
        <summary>{t('roles')}</summary>
        {roles.length ? (
          <ul data-testid="overview-roles">
            {roles.map((role) => (
              <li key={role}>
                <code>{role}</code>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('noRoles')}</p>
        )}
      </details>
    </main>
  );
}
