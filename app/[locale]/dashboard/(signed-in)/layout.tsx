import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { hasRole } from '@/lib/auth/access';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { staffOrganisations } from '@/lib/core/staff/staff-request';
import { navItems } from './nav-items';
import { signOutAction, signOutEverywhereAction, switchOrganisationAction } from '../actions';
import { requireStaff } from '../staff-session';

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

/**
 * The back office's shell: navigation (only what the actor's roles allow), the organisation
 * switcher (the actor's organisations: their own and those below), who is signed in, sign out.
 * Every form works without JavaScript.
 */
export default async function DashboardShell({ children, params }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale, { enrolment: true });
  const t = await getTranslations({ locale, namespace: 'Dashboard.nav' });
  const organisations = await staffOrganisations(staff);
  return (
    <div className="dashboard">
      <header className="dashboard-header">
        <nav aria-label={t('label')}>
          <ul className="row dashboard-nav">
            {navItems
              .filter((item) => !item.anyOf || item.anyOf.some((role) => hasRole(staff, role)))
              .map((item) => (
                <li key={item.key}>
                  <a href={dashboardPath(locale, item.path)} data-testid={`nav-${item.key}`}>
                    {t(item.key as 'overview')}
                  </a>
                </li>
              ))}
          </ul>
        </nav>
        <form action={switchOrganisationAction} className="row dashboard-switcher">
          <input type="hidden" name="locale" value={locale} />
          <div className="field">
            <label htmlFor="organisation-switch">{t('organisation')}</label>
            <select id="organisation-switch" name="organisation" defaultValue={staff.rootOrganisationId}>
              {organisations.map((org) => (
                <option key={org.id} value={org.id}>
                  {org.parentId && staff.organisations.has(org.parentId) ? `– ${org.name}` : org.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="secondary">
            {t('switch')}
          </button>
        </form>
        <div className="row dashboard-user">
          <p data-testid="signed-in-as">
            <a href={dashboardPath(locale, '/account')}>{t('signedInAs', { name: staff.userName })}</a>
          </p>
          <form action={signOutAction}>
            <input type="hidden" name="locale" value={locale} />
            <button type="submit" className="secondary" data-testid="sign-out">
              {t('signOut')}
            </button>
          </form>
          <form action={signOutEverywhereAction}>
            <input type="hidden" name="locale" value={locale} />
            <button type="submit" className="secondary" data-testid="sign-out-everywhere">
              {t('signOutEverywhere')}
            </button>
          </form>
        </div>
      </header>
      {children}
    </div>
  );
}
