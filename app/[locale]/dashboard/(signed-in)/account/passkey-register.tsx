'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useRef, useState } from 'react';
import { useWebAuthnSupport } from '@/lib/browser-webauthn';
import { passkeyRegistrationOptionsAction, registerPasskeyAction } from './actions';

type Props = {
  locale: string;
  words: { name: string; nameHint: string; submit: string; failed: string; unsupported: string };
};

/**
 * Registers a passkey: asks the server for options, lets the browser create the credential, then posts the
 * answer through the page's ordinary form (registerPasskeyAction). WebAuthn is a browser API, so this needs
 * JavaScript; the page says so in a <noscript>, and the emailed link remains the way in without it.
 */
export function PasskeyRegister({ locale, words }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const response = useRef<HTMLInputElement>(null);
  const supported = useWebAuthnSupport();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (response.current?.value) {
      // The answer is in: the form posts it (React reads the fields now); a retry must ask afresh.
      setTimeout(() => response.current && (response.current.value = ''), 0);
      return;
    }
    event.preventDefault();
    if (!form.current?.reportValidity()) return;
    setBusy(true);
    setFailed(false);
    try {
      const optionsJSON = await passkeyRegistrationOptionsAction();
      if (!optionsJSON) throw new Error('no session');
      const answer = await startRegistration({ optionsJSON });
      response.current!.value = JSON.stringify(answer);
      form.current.requestSubmit();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  if (supported === false) return <p data-testid="passkey-unsupported">{words.unsupported}</p>;
  return (
    <form
      ref={form}
      action={registerPasskeyAction}
      onSubmit={onSubmit}
      className="stack narrow"
      data-testid="passkey-register"
    >
      <input type="hidden" name="locale" value={locale} />
      <input ref={response} type="hidden" name="response" defaultValue="" />
      <div className="field">
        <label htmlFor="passkey-name">{words.name}</label>
        <p id="passkey-name-hint" className="muted">
          {words.nameHint}
        </p>
        <input id="passkey-name" name="name" type="text" maxLength={60} required aria-describedby="passkey-name-hint" />
      </div>
      {failed && (
        <p className="error-summary" role="alert" data-testid="passkey-register-failed">
          {words.failed}
        </p>
      )}
      <div>
        <button type="submit" disabled={busy || supported === null} data-testid="passkey-register-button">
          {words.submit}
        </button>
      </div>
    </form>
  );
}
