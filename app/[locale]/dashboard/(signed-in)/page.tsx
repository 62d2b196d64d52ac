import { getTranslations } from 'next-intl/server';
import { staffOrganisations } from '@/lib/core/staff/staff-request';
import { requireStaff } from '../staff-session';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ result?: string }> };

/** The overview: for now who is signed in, where and with which roles (the figures come with the overview slice). */
export default async function DashboardOverview({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  const t = await getTranslations({ locale, namespace: 'Dashboard.overview' });
  const inView = (await staffOrganisations(staff)).find((org) => org.id === staff.rootOrganisationId);
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
      <h2>{t('roles')}</h2>
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
    </main>
  );
}
