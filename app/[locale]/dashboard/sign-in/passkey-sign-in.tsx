'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { useRef, useState } from 'react';
import { useWebAuthnSupport } from '@/lib/browser-webauthn';
import { passkeySignInAction, passkeySignInOptionsAction } from './passkey-actions';

type Props = { locale: string; words: { submit: string; failed: string } };

/**
 * "Sign in with a passkey": the browser signs the server's challenge with a passkey the person picks (no
 * address asked), and the answer posts through an ordinary form. Shown only where the browser has WebAuthn;
 * without JavaScript the email link above is the way in.
 */
export function PasskeySignIn({ locale, words }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const response = useRef<HTMLInputElement>(null);
  const supported = useWebAuthnSupport();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    setFailed(false);
    try {
      const answer = await startAuthentication({ optionsJSON: await passkeySignInOptionsAction() });
      response.current!.value = JSON.stringify(answer);
      form.current!.requestSubmit();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  if (!supported) return null;
  return (
    <form ref={form} action={passkeySignInAction} className="stack" data-testid="passkey-sign-in">
      <input type="hidden" name="locale" value={locale} />
      <input ref={response} type="hidden" name="response" defaultValue="" />
      {failed && (
        <p className="error-summary" role="alert" data-testid="passkey-sign-in-failed">
          {words.failed}
        </p>
      )}
      <div>
        <button
          type="button"
          className="secondary"
          onClick={signIn}
          disabled={busy}
          data-testid="passkey-sign-in-button"
        >
          {words.submit}
        </button>
      </div>
    </form>
  );
}
