'use client';

import { useActionState } from 'react';
import type { FormState } from '@/lib/http/dashboard-state-action';
import { createEndpointAction, type NewSecret } from './actions';
import { SecretOnce, StateNotice } from './once-notice';

export type CreateEndpointWords = {
  url: string;
  urlHint: string;
  description: string;
  eventTypes: string;
  submit: string;
  createdTitle: string;
  once: string;
  secret: string;
  errorTitle: string;
  errors: Record<string, string>;
};

/** A new webhook endpoint with its event types; its signing secret is shown once, as the form's state. */
export function CreateEndpointForm({
  locale,
  eventTypes,
  words,
}: {
  locale: string;
  eventTypes: readonly string[];
  words: CreateEndpointWords;
}) {
  const [state, action, pending] = useActionState<FormState<NewSecret>, FormData>(createEndpointAction, {
    status: 'idle',
  });
  return (
    <>
      <StateNotice state={state} errors={words.errors} errorTitle={words.errorTitle} testId="create-endpoint">
        {state.status === 'done' && (
          <SecretOnce
            title={words.createdTitle.replace('{url}', state.value.url)}
            warning={words.once}
            testId="new-endpoint-secret"
            rows={[{ label: words.secret, value: state.value.secret, testId: 'endpoint-secret' }]}
          />
        )}
      </StateNotice>
      <form action={action} className="stack narrow" data-testid="create-endpoint-form">
        <input type="hidden" name="locale" value={locale} />
        <div className="field">
          <label htmlFor="endpoint-url">{words.url}</label>
          <p className="muted" id="endpoint-url-hint">
            {words.urlHint}
          </p>
          <input
            id="endpoint-url"
            name="url"
            type="url"
            autoComplete="off"
            aria-describedby="endpoint-url-hint"
            maxLength={2000}
            required
            data-ltr
          />
        </div>
        <div className="field">
          <label htmlFor="endpoint-description">{words.description}</label>
          <input id="endpoint-description" name="description" type="text" autoComplete="off" maxLength={500} />
        </div>
        <fieldset className="role-choices">
          <legend>{words.eventTypes}</legend>
          {eventTypes.map((type) => (
            <div key={type} className="choice-line">
              <input type="checkbox" id={`event-${type}`} name="event_types" value={type} />
              <label htmlFor={`event-${type}`}>
                <code>{type}</code>
              </label>
            </div>
          ))}
        </fieldset>
        <div>
          <button type="submit" disabled={pending}>
            {words.submit}
          </button>
        </div>
      </form>
    </>
  );
}
