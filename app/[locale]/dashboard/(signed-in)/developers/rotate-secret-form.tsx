'use client';

import { useActionState } from 'react';
import type { FormState } from '@/lib/http/dashboard-state-action';
import { rotateSecretAction, type NewSecret } from './actions';
import { SecretOnce, StateNotice } from './once-notice';

export type RotateWords = {
  submit: string;
  rotatedTitle: string;
  once: string;
  secret: string;
  errorTitle: string;
  errors: Record<string, string>;
};

/** Rotates the endpoint's signing secret; the new one is shown once (the old one signs for 24 hours more). */
export function RotateSecretForm({
  locale,
  endpoint,
  words,
}: {
  locale: string;
  endpoint: string;
  words: RotateWords;
}) {
  const [state, action, pending] = useActionState<FormState<NewSecret>, FormData>(rotateSecretAction, {
    status: 'idle',
  });
  return (
    <>
      <StateNotice state={state} errors={words.errors} errorTitle={words.errorTitle} testId="rotate">
        {state.status === 'done' && (
          <SecretOnce
            title={words.rotatedTitle}
            warning={words.once}
            testId="rotated-secret"
            rows={[{ label: words.secret, value: state.value.secret, testId: 'endpoint-secret' }]}
          />
        )}
      </StateNotice>
      <form action={action}>
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="endpoint" value={endpoint} />
        <button type="submit" className="secondary" disabled={pending}>
          {words.submit}
        </button>
      </form>
    </>
  );
}
