'use client';

import { lazy, Suspense, useRef, type FormEvent } from 'react';
import type { AdyenEnvironment } from '@/lib/config';
import type { CardCheck } from '@/lib/core/hosted-checkout/card-check';
import type { CardFieldsHandle } from '../../card-entry/card-fields';
import { SandboxCardFields } from '../../card-entry/sandbox-card-fields';

/* Adyen's card fields only in production, in their own chunk, exactly as the checkout's card form loads them. */
const AdyenCardFields = lazy(() => {
  void import('../../card-entry/adyen-card-mount');
  return import('../../card-entry/adyen-card-fields').then((module) => ({ default: module.AdyenCardFields }));
});

type Props = {
  action: (form: FormData) => Promise<void>;
  linkId: string;
  /** Names this attempt (member-card-replace.ts): a double submit posts the same one and is answered once. */
  nonce: string;
  locale: string;
  submitLabel: string;
  /** The collections' surcharge shown above the form (confirm_surcharge), posted back as accepted. */
  acceptedSurcharge?: number;
  adyen: { clientKey: string; environment: AdyenEnvironment; countryCode: string } | null;
};

/* The server holds the card to the link's rules when it is posted (replaceMemberCard): no check while typing. */
const noLiveCheck = async (): Promise<CardCheck> => ({ status: 'unknown' });
const ignore = () => undefined;

/**
 * The card replacement's form: the checkout's card entry components (the sandbox's own fields, or Adyen's Card
 * component in production) in a plain form posting to the server action. In the sandbox it works without
 * JavaScript: the fields are ordinary named inputs and the action answers with a redirect.
 */
export function ReplaceCardForm({ action, linkId, nonce, locale, submitLabel, acceptedSurcharge, adyen }: Props) {
  const fields = useRef<CardFieldsHandle>(null);
  const submitted = useRef(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // One post at a time (a double click); incomplete Adyen fields never post (they show their own messages).
    if (submitted.current || (fields.current && !fields.current.beforeSubmit())) {
      event.preventDefault();
      return;
    }
    submitted.current = true;
  };
  return (
    <form action={action} onSubmit={onSubmit} className="stack" noValidate data-testid="replace-card-form">
      <input type="hidden" name="linkId" value={linkId} />
      <input type="hidden" name="nonce" value={nonce} />
      {acceptedSurcharge !== undefined && <input type="hidden" name="acceptedSurcharge" value={acceptedSurcharge} />}
      {adyen ? (
        <Suspense fallback={null}>
          <AdyenCardFields
            ref={fields}
            linkId={linkId}
            fieldErrors={[]}
            onCardKnown={ignore}
            onValidChange={ignore}
            check={noLiveCheck}
            adyen={{ clientKey: adyen.clientKey, environment: adyen.environment }}
            locale={locale}
            countryCode={adyen.countryCode}
          />
        </Suspense>
      ) : (
        <SandboxCardFields
          ref={fields}
          linkId={linkId}
          fieldErrors={[]}
          onCardKnown={ignore}
          onValidChange={ignore}
          check={noLiveCheck}
        />
      )}
      <button type="submit" data-testid="replace-card-submit">
        {submitLabel}
      </button>
    </form>
  );
}
