import { getTranslations } from 'next-intl/server';
import { hasRole } from '@/lib/auth/access';
import { accountFor } from '@/lib/core/staff/records-request';
import { staffOrganisations } from '@/lib/core/staff/staff-request';
import { ENROLMENT_METHOD } from '@/lib/core/staff/staff-sessions';
import { londonDateTime } from '@/lib/i18n/date-format';
import { requireStaff } from '../../staff-session';
import { ActionNotice } from '../action-notice';
import { passkeyRequirementAction, removePasskeyAction } from './actions';
import { PasskeyRegister } from './passkey-register';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ result?: string; error?: string }> };

/**
 * The signed-in person's own page: their passkeys (register, list, remove) and, for organisation:management,
 * whether the organisation in view requires passkeys. The one page a link sign-in reaches where passkeys are
 * required (docs/dashboard-passkeys.md).
 */
export default async function AccountPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale, { enrolment: true });
  const t = await getTranslations({ locale, namespace: 'DashboardAccount' });
  const query = await searchParams;
  const { passkeys, required } = await accountFor(staff);
  const enrolling = staff.signInMethod === ENROLMENT_METHOD;
  const organisation = (await staffOrganisations(staff)).find((org) => org.id === staff.rootOrganisationId)?.name ?? '';
  return (
    <main>
      <h1>{t('title')}</h1>
      <ActionNotice locale={locale} namespace="DashboardAccount" query={query} testId="account" />
      {enrolling && (
        <p className="notice" role="status" data-testid="passkey-enrol-only">
          {t('enrolOnly')}
        </p>
      )}
      <p>{t('intro', { name: staff.userName, email: staff.userEmail })}</p>
      <h2>{t('passkeysTitle')}</h2>
      {passkeys.length === 0 ? (
        <p data-testid="passkeys-empty">{t('passkeysEmpty')}</p>
      ) : (
        <table className="stack-table" data-testid="passkeys">
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('created')}</th>
              <th scope="col">{t('lastUsed')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {passkeys.map((passkey) => (
              <tr key={passkey.id} data-testid="passkey-row">
                <td data-label={t('name')}>{passkey.name}</td>
                <td data-label={t('created')}>{londonDateTime(passkey.createdAt, locale)}</td>
                <td data-label={t('lastUsed')}>
                  {passkey.lastUsedAt ? londonDateTime(passkey.lastUsedAt, locale) : t('never')}
                </td>
                <td data-label={t('actions')}>
                  {!enrolling && (
                    <form action={removePasskeyAction}>
                      <input type="hidden" name="locale" value={locale} />
                      <input type="hidden" name="passkey" value={passkey.id} />
                      <button type="submit" className="secondary" data-testid="passkey-remove">
                        {t('remove', { name: passkey.name })}
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{t('registerTitle')}</h2>
      <p>{t('registerIntro')}</p>
      <noscript>
        <p data-testid="passkey-needs-script">{t('needsScript')}</p>
      </noscript>
      <PasskeyRegister
        locale={locale}
        words={{
          name: t('name'),
          nameHint: t('nameHint'),
          submit: t('register'),
          failed: t('registerFailed'),
          unsupported: t('unsupported'),
        }}
      />
      {hasRole(staff, 'organisation:management') && !enrolling && (
        <section aria-labelledby="passkeys-required-title" className="account-requirement">
          <h2 id="passkeys-required-title">{t('requiredTitle')}</h2>
          <p data-testid="passkeys-required-state">
            {required ? t('requiredOn', { organisation }) : t('requiredOff', { organisation })}
          </p>
          <p>{t('requiredExplain')}</p>
          <form action={passkeyRequirementAction}>
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="required" value={required ? 'off' : 'on'} />
            <button type="submit" className="secondary" data-testid="passkeys-required-toggle">
              {required ? t('requireOff') : t('requireOn')}
            </button>
          </form>
        </section>
      )}
    </main>
  );
}
