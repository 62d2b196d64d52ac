'use client';

import { useActionState } from 'react';
import type { Role } from '@/lib/core/enums';
import { RoleChoices } from '../users/role-choices';
import { createKeyAction, type NewKey } from './actions';
import { SecretOnce, StateNotice } from './once-notice';
import type { FormState } from '@/lib/http/dashboard-state-action';

export type CreateKeyWords = {
  name: string;
  roles: string;
  submit: string;
  createdTitle: string;
  once: string;
  publicKey: string;
  privateKey: string;
  errorTitle: string;
  errors: Record<string, string>;
};

/**
 * Creates an API key with roles the user holds; the private key is this form's state, so it is in the POST's
 * response only (without JavaScript too: Next.js renders the page with the state) and gone on reload.
 */
export function CreateKeyForm({ locale, held, words }: { locale: string; held: Role[]; words: CreateKeyWords }) {
  const [state, action, pending] = useActionState<FormState<NewKey>, FormData>(createKeyAction, { status: 'idle' });
  return (
    <>
      <StateNotice state={state} errors={words.errors} errorTitle={words.errorTitle} testId="create-key">
        {state.status === 'done' && (
          <SecretOnce
            title={words.createdTitle.replace('{name}', state.value.name)}
            warning={words.once}
            testId="new-key"
            rows={[
              { label: words.publicKey, value: state.value.publicKey, testId: 'new-public-key' },
              { label: words.privateKey, value: state.value.privateKey, testId: 'new-private-key' },
            ]}
          />
        )}
      </StateNotice>
      <form action={action} className="stack narrow" data-testid="create-key-form">
        <input type="hidden" name="locale" value={locale} />
        <div className="field">
          <label htmlFor="key-name">{words.name}</label>
          <input id="key-name" name="name" type="text" autoComplete="off" maxLength={100} required />
        </div>
        <RoleChoices legend={words.roles} held={held} checked={[]} idPrefix="key-roles" />
        <div>
          <button type="submit" disabled={pending}>
            {words.submit}
          </button>
        </div>
      </form>
    </>
  );
}
