import { getTranslations } from 'next-intl/server';
import { forbidden, notFound } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import { listDeliveries } from '@/lib/core/webhooks/deliveries';
import { getWebhook } from '@/lib/core/webhooks/endpoints';
import { deliveryLogSchema } from '@/lib/core/webhooks/schemas';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/http/app-error';
import { keptForm } from '@/lib/http/kept-form-read';
import { londonDateTime } from '@/lib/i18n/date-format';
import { requireStaff } from '../../../../staff-session';
import { ActionNotice } from '../../../action-notice';
import { replayAction, sendTestAction } from '../../actions';
import { developerErrorWords } from '../../form-words';
import { RotateSecretForm } from '../../rotate-secret-form';
import { EndpointSettings } from './endpoint-settings';

type Props = {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<{ result?: string; error?: string; confirm?: string }>;
};

const statusKeys = { queued: 'statusQueued', delivered: 'statusDelivered', failed: 'statusFailed' } as const;

/**
 * One webhook endpoint: its details, a test event, its changes (address, description, event types; disable or enable;
 * delete: endpoint-settings.tsx), the signing secret's rotation, and its deliveries with replay.
 */
export default async function WebhookEndpointPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  const staff = await requireStaff(locale);
  if (!hasRole(staff, 'developers:manage:webhooks')) forbidden();
  const db = await getDb();
  // The core's 404 for an endpoint of an organisation out of reach, as the API answers.
  const found = await Promise.all([
    getWebhook(db, staff, id),
    listDeliveries(db, staff, id, deliveryLogSchema.parse({})),
  ]).catch((error) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  const [endpoint, deliveries] = found;
  const t = await getTranslations({ locale, namespace: 'DashboardDevelopers' });
  const query = await searchParams;
  return (
    <main>
      <p>
        <a href={dashboardPath(locale, '/developers')}>{t('back')}</a>
      </p>
      <h1>{t('endpointTitle')}</h1>
      <ActionNotice locale={locale} namespace="DashboardDevelopers" query={query} testId="endpoint" />
      <dl className="card" data-testid="endpoint-details">
        <dt>{t('url')}</dt>
        <dd className="wrap-anywhere">{endpoint.url}</dd>
        {endpoint.description && (
          <>
            <dt>{t('description')}</dt>
            <dd>{endpoint.description}</dd>
          </>
        )}
        <dt>{t('eventTypes')}</dt>
        <dd>
          {endpoint.event_types.map((type) => (
            <code key={type} className="role-tag">
              {type}
            </code>
          ))}
        </dd>
        <dt>{t('status')}</dt>
        <dd>{t(endpoint.status === 'enabled' ? 'statusEnabled' : 'statusDisabled')}</dd>
      </dl>
      <form action={sendTestAction}>
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="endpoint" value={endpoint.id} />
        <button type="submit" data-testid="send-test">
          {t('test')}
        </button>
      </form>
      <EndpointSettings
        locale={locale}
        endpoint={endpoint}
        kept={await keptForm(query, 'endpoint-edit')}
        confirmingDelete={query.confirm === 'delete'}
      />
      <h2>{t('rotateTitle')}</h2>
      <p>{t('rotateIntro')}</p>
      <RotateSecretForm
        locale={locale}
        endpoint={endpoint.id}
        words={{
          submit: t('rotate'),
          rotatedTitle: t('rotated'),
          once: t('secretOnce'),
          secret: t('secret'),
          ...(await developerErrorWords(locale)),
        }}
      />
      <h2>{t('deliveriesTitle')}</h2>
      <p>{t('deliveriesNote')}</p>
      {deliveries.items.length === 0 ? (
        <p data-testid="deliveries-none">{t('deliveriesNone')}</p>
      ) : (
        <table className="stack-table">
          <thead>
            <tr>
              <th scope="col">{t('event')}</th>
              <th scope="col">{t('deliveryStatus')}</th>
              <th scope="col">{t('attempts')}</th>
              <th scope="col">{t('lastStatusCode')}</th>
              <th scope="col">{t('time')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.items.map((delivery) => (
              <tr key={delivery.id} data-testid="delivery-row" data-status={delivery.status}>
                <td data-label={t('event')}>
                  <code>{delivery.event.type}</code>
                  {delivery.replay_of && <span className="muted"> ({t('replayOf')})</span>}
                </td>
                <td data-label={t('deliveryStatus')}>
                  {t(statusKeys[delivery.status as keyof typeof statusKeys] ?? 'statusQueued')}
                </td>
                <td data-label={t('attempts')}>{delivery.attempts}</td>
                <td data-label={t('lastStatusCode')}>{delivery.last_status_code ?? '–'}</td>
                <td data-label={t('time')}>{londonDateTime(new Date(delivery.created_at), locale)}</td>
                <td data-label={t('actions')}>
                  <form action={replayAction}>
                    <input type="hidden" name="locale" value={locale} />
                    <input type="hidden" name="endpoint" value={endpoint.id} />
                    <input type="hidden" name="delivery" value={delivery.id} />
                    <button type="submit" className="secondary" data-testid="replay">
                      {t('replay')}
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
