import { getFormatter, getTranslations } from 'next-intl/server';
import { recentWebhookDeliveries } from '@/lib/core/webhooks/recent-deliveries';

const statusKeys = { queued: 'statusQueued', delivered: 'statusDelivered', failed: 'statusFailed' } as const;

/** The sandbox home page's latest webhook deliveries of the sandbox organisations (docs/webhooks.md "Sandbox"). */
export async function SandboxWebhooks({ organisationIds }: { organisationIds: string[] }) {
  const t = await getTranslations('SandboxWebhooks');
  const format = await getFormatter();
  const deliveries = await recentWebhookDeliveries(organisationIds);
  return (
    <section aria-labelledby="sandbox-webhooks-heading" data-testid="sandbox-webhooks">
      <h2 id="sandbox-webhooks-heading">{t('heading')}</h2>
      <p>{t('intro')}</p>
      {deliveries.length === 0 ? (
        <p data-testid="sandbox-webhooks-empty">{t('empty')}</p>
      ) : (
        // Stacked rows on a narrow screen (globals.css .stack-table): six columns and a URL do not fit 320 px.
        <table className="stack-table">
          <thead>
            <tr>
              <th scope="col">{t('event')}</th>
              <th scope="col">{t('endpoint')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col">{t('attempts')}</th>
              <th scope="col">{t('lastStatusCode')}</th>
              <th scope="col">{t('time')}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.id} data-testid="sandbox-webhook-delivery">
                <td data-label={t('event')}>
                  <code>{d.eventType}</code>
                </td>
                <td data-label={t('endpoint')}>
                  <code>{d.url}</code>
                </td>
                <td data-label={t('status')}>
                  {d.status in statusKeys ? t(statusKeys[d.status as keyof typeof statusKeys]) : d.status}
                </td>
                <td data-label={t('attempts')}>{d.attempts}</td>
                <td data-label={t('lastStatusCode')}>{d.lastStatusCode ?? t('noStatusCode')}</td>
                <td data-label={t('time')}>
                  {format.dateTime(d.createdAt, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
