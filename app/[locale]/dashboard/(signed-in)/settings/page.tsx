import { getTranslations } from 'next-intl/server';
import { forbidden } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { isSandbox } from '@/lib/config';
import { getOrganisationSettings } from '@/lib/core/organisations/organisation-settings';
import { getDb } from '@/lib/db/client';
import { keptForm } from '@/lib/http/kept-form-read';
import { localeNames, routing } from '@/lib/i18n/routing';
import { requireStaff } from '../../staff-session';
import { ActionNotice } from '../action-notice';
import {
  saveEmbedAction,
  saveIdentityAction,
  saveLegalAction,
  saveNoticesAction,
  savePaymentsAction,
  verifyPortalDomainAction,
} from './actions';
import { ContrastCheck } from './contrast-check';
import { Check, Field, Group } from './fields';
import { PortalDomainGroup } from './portal-domain-group';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ result?: string; error?: string }>;
};

/** The organisation's settings (organisation:management): every field of the API's settings, one form a group. */
export default async function SettingsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  if (!hasRole(staff, 'organisation:management')) forbidden();
  const t = await getTranslations({ locale, namespace: 'DashboardSettings' });
  const settings = await getOrganisationSettings(await getDb(), staff, staff.rootOrganisationId);
  const group = (title: string) => ({ locale, title, save: t('saveGroup', { group: title }) });
  const query = await searchParams;
  // After a refused save, what was typed in that group (lib/http/kept-form.ts; actions.ts names each group).
  const kept = (name: string) => keptForm(query, `settings-${name}`);
  const [identity, legal, domain, embed, payments, notices] = await Promise.all([
    kept('identity'),
    kept('legal'),
    kept('domain'),
    kept('embed'),
    kept('payments'),
    kept('notices'),
  ]);
  return (
    <main>
      <h1>{t('title')}</h1>
      <ActionNotice locale={locale} namespace="DashboardSettings" query={query} testId="settings" />
      <p>{t('intro', { organisation: settings.name })}</p>

      <Group {...group(t('identityTitle'))} action={saveIdentityAction} testId="identity">
        <Field kept={identity} id="settings-name" name="name" label={t('name')} value={settings.name} required />
        <Field
          kept={identity}
          id="settings-logo"
          name="logo_url"
          type="url"
          label={t('logoUrl')}
          hint={t('logoUrlHint')}
          value={settings.logo_url}
          ltr
        />
        <ContrastCheck
          locale={locale}
          initial={identity.text('brand_colour', settings.brand_colour)}
          words={{
            label: t('brandColour'),
            hint: t('brandColourHint'),
            title: t('contrastTitle'),
            page: t('contrastPage', { ratio: '{ratio}' }),
            white: t('contrastWhite', { ratio: '{ratio}' }),
            black: t('contrastBlack', { ratio: '{ratio}' }),
            usedWhite: t('contrastUsedWhite'),
            usedBlack: t('contrastUsedBlack'),
            refused: t('contrastRefused'),
            invalid: t('contrastInvalid'),
            none: t('contrastNone'),
            sample: t('sample'),
          }}
        />
        <Field
          kept={identity}
          id="settings-country"
          name="country"
          label={t('country')}
          hint={t('countryHint')}
          value={settings.country}
          required
          ltr
        />
      </Group>

      <Group {...group(t('legalTitle'))} action={saveLegalAction} testId="legal" intro={t('legalHint')}>
        <Field
          kept={legal}
          id="settings-address"
          name="legal_address"
          label={t('legalAddress')}
          value={settings.legal_address}
          multiline
        />
        <Field
          kept={legal}
          id="settings-company"
          name="company_number"
          label={t('companyNumber')}
          value={settings.company_number}
        />
        <Field kept={legal} id="settings-vat" name="vat_number" label={t('vatNumber')} value={settings.vat_number} />
        <Field
          kept={legal}
          id="settings-atol"
          name="atol_number"
          label={t('atolNumber')}
          value={settings.atol_number}
        />
      </Group>

      <PortalDomainGroup
        locale={locale}
        settings={settings}
        sandbox={isSandbox()}
        verifyAction={verifyPortalDomainAction}
        kept={domain}
      />

      <Group {...group(t('embedTitle'))} action={saveEmbedAction} testId="embed">
        <Field
          kept={embed}
          id="settings-embed"
          name="allowed_embed_origins"
          label={t('embedOrigins')}
          hint={t('embedHint')}
          value={settings.allowed_embed_origins.join('\n')}
          multiline
          ltr
        />
      </Group>

      <Group {...group(t('paymentsTitle'))} action={savePaymentsAction} testId="payments">
        <Check
          kept={payments}
          id="settings-surcharge"
          name="surcharge_enabled"
          label={t('surchargeEnabled')}
          checked={settings.surcharge.enabled}
        />
        <Field
          kept={payments}
          id="settings-commercial"
          name="commercial_rate_bps"
          type="number"
          label={t('commercialRate')}
          hint={t('rateHint')}
          value={String(settings.surcharge.commercial_rate_bps)}
          required
        />
        <Field
          kept={payments}
          id="settings-international"
          name="international_rate_bps"
          type="number"
          label={t('internationalRate')}
          hint={t('rateHint')}
          value={String(settings.surcharge.international_rate_bps)}
          required
        />
        <Check
          kept={payments}
          id="settings-dcc"
          name="dcc_enabled"
          label={t('dccEnabled')}
          checked={settings.dcc_enabled}
        />
        <Check
          kept={payments}
          id="settings-approval"
          name="approval_links_enabled"
          label={t('approvalLinks')}
          checked={settings.approval_links_enabled}
        />
        <Check
          kept={payments}
          id="settings-second-user"
          name="refunds_require_second_user"
          label={t('secondUser')}
          checked={settings.refunds_require_second_user}
        />
      </Group>

      <Group {...group(t('noticesTitle'))} action={saveNoticesAction} testId="notices">
        <fieldset className="role-choices">
          <legend>{t('merchantNotices')}</legend>
          {(
            [
              ['off', t('noticesOff')],
              ['each_payment', t('noticesEach')],
              ['daily_digest', t('noticesDigest')],
            ] as const
          ).map(([mode, label]) => (
            <div key={mode} className="choice-line">
              <input
                type="radio"
                id={`notices-${mode}`}
                name="merchant_notices"
                value={mode}
                defaultChecked={notices.text('merchant_notices', settings.merchant_notices) === mode}
              />
              <label htmlFor={`notices-${mode}`}>{label}</label>
            </div>
          ))}
        </fieldset>
        <Field
          kept={notices}
          id="settings-notification-email"
          name="notification_email"
          type="email"
          label={t('notificationEmail')}
          hint={t('notificationEmailHint')}
          value={settings.notification_email}
          ltr
        />
        <div className="field">
          <label htmlFor="settings-notification-locale">{t('notificationLocale')}</label>
          <p className="muted" id="settings-notification-locale-hint">
            {t('notificationLocaleHint')}
          </p>
          <select
            id="settings-notification-locale"
            name="notification_locale"
            defaultValue={notices.text('notification_locale', settings.notification_locale)}
            aria-describedby="settings-notification-locale-hint"
          >
            {routing.locales.map((code) => (
              // Each language named in itself (as the language switch does), marked with its language.
              <option key={code} value={code} lang={code}>
                {localeNames[code]}
              </option>
            ))}
          </select>
        </div>
        <Check
          kept={notices}
          id="settings-leader-link"
          name="send_leader_portal_link"
          label={t('leaderLink')}
          checked={settings.send_leader_portal_link}
        />
        <Field
          kept={notices}
          id="settings-reminder"
          name="member_reminder_days"
          type="number"
          label={t('reminderDays')}
          hint={t('reminderHint')}
          value={String(settings.member_reminder_days)}
          required
        />
        <Check
          kept={notices}
          id="settings-leader-approval"
          name="leader_members_require_approval"
          label={t('leaderApproval')}
          checked={settings.leader_members_require_approval}
        />
      </Group>
    </main>
  );
}
