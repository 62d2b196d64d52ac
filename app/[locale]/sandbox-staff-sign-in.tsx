import { getTranslations } from 'next-intl/server';
import { sandboxStaff } from '@/lib/core/staff/sandbox-sign-in';
import { sandboxSignInAction } from './dashboard/actions';

/** Sandbox only (sandboxStaff is empty in production): one-click back-office sign-in as each sandbox user. */
export async function SandboxStaffSignIn({ locale }: { locale: string }) {
  const staff = await sandboxStaff();
  if (!staff.length) return null;
  const t = await getTranslations({ locale, namespace: 'Dashboard.sandbox' });
  return (
    <section aria-labelledby="sandbox-staff-heading">
      <h2 id="sandbox-staff-heading">{t('title')}</h2>
      <p>{t('intro')}</p>
      <div className="row">
        {staff.map((user) => (
          <form key={user.id} action={sandboxSignInAction}>
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="user" value={user.id} />
            <button type="submit" data-testid="sandbox-sign-in" data-email={user.email}>
              {t('signInAs', { name: user.name })}
            </button>
          </form>
        ))}
      </div>
    </section>
  );
}
