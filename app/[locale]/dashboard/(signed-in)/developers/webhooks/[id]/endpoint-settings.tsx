import { getTranslations } from 'next-intl/server';
import { subscribableEventTypes } from '@/lib/core/webhooks/schemas';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import type { Kept } from '@/lib/http/kept-form-read';
import { deleteEndpointAction, endpointStatusAction, updateEndpointAction } from '../../actions';

type Endpoint = { id: string; url: string; description: string | null; event_types: string[]; status: string };
type Props = { locale: string; endpoint: Endpoint; kept: Kept; confirmingDelete: boolean };

/**
 * What the API's POST and DELETE /agent/webhooks/{id} change, as plain forms (no JavaScript): the address,
 * description and event types; disable or enable; delete, after a confirmation step of its own address
 * (`?confirm=delete`), as the portal confirms a member's removal. A refused change comes back with what was typed.
 */
export async function EndpointSettings({ locale, endpoint, kept, confirmingDelete }: Props) {
  const t = await getTranslations({ locale, namespace: 'DashboardDevelopers' });
  const page = dashboardPath(locale, `/developers/webhooks/${endpoint.id}`);
  const disabled = endpoint.status !== 'enabled';
  return (
    <>
      <h2 id="endpoint-edit-title">{t('editTitle')}</h2>
      <form
        action={updateEndpointAction}
        className="stack narrow"
        aria-labelledby="endpoint-edit-title"
        data-testid="endpoint-edit-form"
      >
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="endpoint" value={endpoint.id} />
        <div className="field">
          <label htmlFor="edit-url">{t('url')}</label>
          <input
            id="edit-url"
            name="url"
            type="url"
            autoComplete="off"
            maxLength={2000}
            required
            data-ltr
            defaultValue={kept.text('url', endpoint.url)}
          />
        </div>
        <div className="field">
          <label htmlFor="edit-description">{t('description')}</label>
          <input
            id="edit-description"
            name="description"
            type="text"
            autoComplete="off"
            maxLength={500}
            defaultValue={kept.text('description', endpoint.description ?? '')}
          />
        </div>
        <fieldset className="role-choices">
          <legend>{t('eventTypes')}</legend>
          {subscribableEventTypes.map((type) => (
            <div key={type} className="choice-line">
              <input
                type="checkbox"
                id={`edit-event-${type}`}
                name="event_types"
                value={type}
                defaultChecked={kept.checked('event_types', endpoint.event_types.includes(type), type)}
              />
              <label htmlFor={`edit-event-${type}`}>
                <code>{type}</code>
              </label>
            </div>
          ))}
        </fieldset>
        <div>
          <button type="submit" data-testid="endpoint-save">
            {t('save')}
          </button>
        </div>
      </form>
      <h2>{t(disabled ? 'enableTitle' : 'disableTitle')}</h2>
      <p>{t(disabled ? 'enableIntro' : 'disableIntro')}</p>
      <form action={endpointStatusAction}>
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="endpoint" value={endpoint.id} />
        <input type="hidden" name="status" value={disabled ? 'enabled' : 'disabled'} />
        <button type="submit" className="secondary" data-testid="endpoint-status-toggle">
          {t(disabled ? 'enable' : 'disable')}
        </button>
      </form>
      <h2 id="endpoint-delete-title">{t('deleteTitle')}</h2>
      {confirmingDelete ? (
        <section className="card" aria-labelledby="endpoint-delete-title" data-testid="endpoint-delete-confirm">
          <p>{t('deleteIntro', { url: endpoint.url })}</p>
          <form action={deleteEndpointAction} className="row">
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="endpoint" value={endpoint.id} />
            <button type="submit" data-testid="endpoint-delete">
              {t('deleteConfirm')}
            </button>
            <a href={page}>{t('deleteCancel')}</a>
          </form>
        </section>
      ) : (
        <p>
          <a href={`${page}?confirm=delete`} data-testid="endpoint-delete-start">
            {t('deleteStart')}
          </a>
        </p>
      )}
    </>
  );
}
