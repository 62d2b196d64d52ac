import { getTranslations } from 'next-intl/server';
import type { getOrganisationSettings } from '@/lib/core/organisations/organisation-settings';
import type { Kept } from '@/lib/http/kept-form-read';
import { savePortalDomainAction } from './actions';
import { Field, Group } from './fields';

type Settings = Awaited<ReturnType<typeof getOrganisationSettings>>;

/**
 * The portal domain, its state, and while it waits the TXT record to publish with the check's button
 * (in the sandbox also the stand-in that passes it, as POST /api/sandbox/organisations/{id}/portal-domain/verify does).
 */
export async function PortalDomainGroup({
  locale,
  settings,
  sandbox,
  verifyAction,
  kept,
}: {
  locale: string;
  settings: Settings;
  sandbox: boolean;
  verifyAction: (form: FormData) => Promise<void>;
  kept: Kept;
}) {
  const t = await getTranslations({ locale, namespace: 'DashboardSettings' });
  const record = settings.portal_domain_verification;
  const title = t('domainTitle');
  return (
    <section className="settings-domain">
      <Group
        locale={locale}
        title={title}
        save={t('saveGroup', { group: title })}
        action={savePortalDomainAction}
        testId="domain"
        intro={t('domainIntro')}
      >
        <Field
          id="settings-domain"
          name="portal_domain"
          label={t('portalDomain')}
          hint={t('portalDomainHint')}
          value={settings.portal_domain}
          kept={kept}
          ltr
        />
      </Group>
      <div className="card" data-testid="domain-state" data-status={settings.portal_domain_status ?? 'none'}>
        <h3>{t('domainStatus')}</h3>
        {settings.portal_domain_status === 'active' && <p>{t('domainActive', { domain: settings.portal_domain! })}</p>}
        {settings.portal_domain_status === null && <p>{t('domainNone')}</p>}
        {settings.portal_domain_status === 'pending' && (
          <>
            <p>{t('domainPending', { domain: settings.portal_domain! })}</p>
            {settings.portal_domain_active && <p>{t('domainServing', { domain: settings.portal_domain_active })}</p>}
            <p>{t('domainRecord')}</p>
            {record && (
              <dl>
                <dt>{t('recordType')}</dt>
                <dd>{record.record_type}</dd>
                <dt>{t('recordName')}</dt>
                <dd>
                  <code className="wrap-anywhere">{record.record_name}</code>
                </dd>
                <dt>{t('recordValue')}</dt>
                <dd>
                  <code className="wrap-anywhere" data-testid="domain-record-value">
                    {record.record_value}
                  </code>
                </dd>
              </dl>
            )}
            <div className="button-row">
              <form action={verifyAction}>
                <input type="hidden" name="locale" value={locale} />
                <input type="hidden" name="check" value="dns" />
                <button type="submit">{t('verify')}</button>
              </form>
              {sandbox && (
                <form action={verifyAction}>
                  <input type="hidden" name="locale" value={locale} />
                  <input type="hidden" name="check" value="sandbox" />
                  <button type="submit" className="secondary" data-testid="sandbox-verify">
                    {t('sandboxVerify')}
                  </button>
                </form>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
