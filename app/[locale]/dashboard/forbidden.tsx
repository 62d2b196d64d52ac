import { getLocale, getTranslations } from 'next-intl/server';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';

/** What forbidden() shows in the back office (status 403): a page or action the actor's roles do not allow. */
export default async function DashboardForbidden() {
  const locale = await getLocale();
  const t = await getTranslations({ locale, namespace: 'Dashboard.forbidden' });
  return (
    <main className="narrow" data-testid="dashboard-forbidden">
      <h1>{t('title')}</h1>
      <p>{t('body')}</p>
      <p>
        <a href={dashboardPath(locale)}>{t('back')}</a>
      </p>
    </main>
  );
}
