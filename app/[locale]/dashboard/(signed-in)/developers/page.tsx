import { getTranslations } from 'next-intl/server';
import { forbidden } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { listApiKeys, listApiKeysSchema } from '@/lib/core/api-keys/api-keys';
import type { Role } from '@/lib/core/enums';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { staffOrganisations } from '@/lib/core/staff/staff-request';
import { listWebhooks } from '@/lib/core/webhooks/endpoints';
import { listWebhooksSchema, subscribableEventTypes } from '@/lib/core/webhooks/schemas';
import { getDb } from '@/lib/db/client';
import { londonDateTime } from '@/lib/i18n/date-format';
import { requireStaff } from '../../staff-session';
import { ActionNotice } from '../action-notice';
import { revokeKeyAction } from './actions';
import { CreateEndpointForm } from './create-endpoint-form';
import { CreateKeyForm } from './create-key-form';
import { developerErrorWords } from './form-words';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ result?: string; error?: string }> };

/** API keys (developers:manage:keys) and webhook endpoints (developers:manage:webhooks) of the organisation in view. */
export default async function DevelopersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  const keysAllowed = hasRole(staff, 'developers:manage:keys');
  const webhooksAllowed = hasRole(staff, 'developers:manage:webhooks');
  if (!keysAllowed && !webhooksAllowed) forbidden();
  const t = await getTranslations({ locale, namespace: 'DashboardDevelopers' });
  const db = await getDb();
  const organisation = staff.rootOrganisationId;
  const name = (await staffOrganisations(staff)).find((org) => org.id === organisation)?.name ?? organisation;
  const errorWords = await developerErrorWords(locale);
  return (
    <main>
      <h1>{t('title')}</h1>
      <ActionNotice locale={locale} namespace="DashboardDevelopers" query={await searchParams} testId="developers" />
      <p>{t('intro', { organisation: name })}</p>
      {keysAllowed && (
        <section aria-labelledby="keys-heading" data-testid="api-keys">
          <h2 id="keys-heading">{t('keysTitle')}</h2>
          <p>{t('keysIntro', { path: '/api/token' })}</p>
          <KeysTable
            locale={locale}
            items={(await listApiKeys(db, staff, listApiKeysSchema.parse({ organisation }))).items}
          />
          <h3>{t('createKeyTitle')}</h3>
          <p>{t('createKeyIntro')}</p>
          <CreateKeyForm
            locale={locale}
            held={[...staff.roles].sort() as Role[]}
            words={{
              name: t('name'),
              roles: t('roles'),
              submit: t('createKey'),
              createdTitle: t('keyCreated', { name: '{name}' }),
              once: t('keyOnce'),
              publicKey: t('publicKey'),
              privateKey: t('privateKey'),
              ...errorWords,
            }}
          />
        </section>
      )}
      {webhooksAllowed && (
        <section aria-labelledby="webhooks-heading" data-testid="webhooks">
          <h2 id="webhooks-heading">{t('webhooksTitle')}</h2>
          <p>{t('webhooksIntro')}</p>
          <EndpointsTable
            locale={locale}
            items={(await listWebhooks(db, staff, listWebhooksSchema.parse({ organisation }))).items}
          />
          <h3>{t('createEndpointTitle')}</h3>
          <CreateEndpointForm
            locale={locale}
            eventTypes={subscribableEventTypes}
            words={{
              url: t('url'),
              urlHint: t('urlHint'),
              description: t('description'),
              eventTypes: t('eventTypes'),
              submit: t('createEndpoint'),
              createdTitle: t('endpointCreated', { url: '{url}' }),
              once: t('secretOnce'),
              secret: t('secret'),
              ...errorWords,
            }}
          />
        </section>
      )}
    </main>
  );
}

type Key = Awaited<ReturnType<typeof listApiKeys>>['items'][number];

async function KeysTable({ locale, items }: { locale: string; items: Key[] }) {
  const t = await getTranslations({ locale, namespace: 'DashboardDevelopers' });
  if (items.length === 0) return <p data-testid="keys-none">{t('keysNone')}</p>;
  return (
    <table className="stack-table">
      <caption className="visually-hidden">{t('keysSection')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('name')}</th>
          <th scope="col">{t('publicKey')}</th>
          <th scope="col">{t('roles')}</th>
          <th scope="col">{t('created')}</th>
          <th scope="col">{t('actions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((key) => (
          <tr key={key.id} data-testid="key-row" data-name={key.name}>
            <td data-label={t('name')}>{key.name}</td>
            <td data-label={t('publicKey')}>
              <code className="wrap-anywhere">{key.public_key}</code>
            </td>
            <td data-label={t('roles')}>
              {key.roles.map((role) => (
                <code key={role} className="role-tag">
                  {role}
                </code>
              ))}
            </td>
            <td data-label={t('created')}>{londonDateTime(new Date(key.created_at), locale)}</td>
            <td data-label={t('actions')}>
              <form action={revokeKeyAction}>
                <input type="hidden" name="locale" value={locale} />
                <input type="hidden" name="key" value={key.id} />
                <button type="submit" className="secondary" data-testid="revoke-key">
                  {t('revoke', { name: key.name })}
                </button>
              </form>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Endpoint = Awaited<ReturnType<typeof listWebhooks>>['items'][number];

async function EndpointsTable({ locale, items }: { locale: string; items: Endpoint[] }) {
  const t = await getTranslations({ locale, namespace: 'DashboardDevelopers' });
  if (items.length === 0) return <p data-testid="endpoints-none">{t('webhooksNone')}</p>;
  return (
    <table className="stack-table">
      <caption className="visually-hidden">{t('webhooksSection')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('url')}</th>
          <th scope="col">{t('eventTypes')}</th>
          <th scope="col">{t('status')}</th>
          <th scope="col">{t('created')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((endpoint) => (
          <tr key={endpoint.id} data-testid="endpoint-row">
            <td data-label={t('url')}>
              <a href={dashboardPath(locale, `/developers/webhooks/${endpoint.id}`)} className="wrap-anywhere">
                {endpoint.url}
              </a>
              {endpoint.description && <p className="muted">{endpoint.description}</p>}
            </td>
            <td data-label={t('eventTypes')}>
              {endpoint.event_types.map((type) => (
                <code key={type} className="role-tag">
                  {type}
                </code>
              ))}
            </td>
            <td data-label={t('status')}>{t(endpoint.status === 'enabled' ? 'statusEnabled' : 'statusDisabled')}</td>
            <td data-label={t('created')}>{londonDateTime(new Date(endpoint.created_at), locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
