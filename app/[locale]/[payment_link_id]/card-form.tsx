'use client';

import { useRouter } from 'next/navigation';
import { lazy, Suspense, useActionState, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdyenEnvironment } from '@/lib/config';
import type { CardCheck, CardExclusion } from '@/lib/core/hosted-checkout/card-check';
import type { StoreCardChoice } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { formatMoney } from '@/lib/money';
import type { CardEntryError } from '@/lib/payments/card-entry';
import { payByCardAction, type CardActionState } from './actions';
import { announceFormReturned, SurfaceFields, type CheckoutSurface } from './checkout-surface';
import { checkoutStateAction } from './card-entry/card-check-action';
import { DccChoice, HeldNotice, StoreCard, SurchargeNotice, type StoreCardText } from './card-entry/card-choices';
import { CardSummary, ExclusionMessage, UnverifiedMessage, useExclusionText } from './card-entry/card-facts-panel';
import type { CardFieldsHandle } from './card-entry/card-fields';
import { SandboxCardFields } from './card-entry/sandbox-card-fields';
import { useTranslations } from './card-entry/card-text';

/*
 * Adyen's card fields only in production: their component is its own chunk, fetched when it first renders,
 * so a sandbox page never downloads it (issue 17's first-load budget). Asking for it also starts the fetch of
 * Adyen Web itself (adyen-card-mount.ts), so the two download side by side rather than one after the other.
 */
const AdyenCardFields = lazy(() => {
  void import('./card-entry/adyen-card-mount');
  return import('./card-entry/adyen-card-fields').then((module) => ({ default: module.AdyenCardFields }));
});

export type CardFormProps = {
  linkId: string;
  locale: string;
  amount: number;
  currency: string;
  /** Pre-authorisation: the amount is held, not taken. */
  authorisationOnly: boolean;
  storeCard: StoreCardChoice;
  /** Open banking is offered on the same page (the "pay by bank instead" links). */
  bankAvailable: boolean;
  /** Production: Adyen's Card component with this client key; null: the sandbox's own fields. */
  adyen: { clientKey: string; environment: AdyenEnvironment; countryCode: string } | null;
  /** Embed only (checkout-surface.tsx): the embed's pages and flags; `hidePayButton` (hpb=1): the parent pays with INITIATE_PAY. */
  surface?: CheckoutSurface;
  hidePayButton?: boolean;
  /** A group member's other links paid with this one (docs/groups.md): posted, and sent with the card check. */
  covered?: string[];
  /** The store-card choice's own words (a member's offer to collect the rest automatically, and what it collects). */
  storeCardText?: StoreCardText;
};

/**
 * The pay-by-card form. The card fields stand behind one small interface
 * (card-entry/card-fields.ts): they say when the card is known (its facts and
 * the link's rules, from the server) and valid, and post with this form. As
 * soon as the card is known the form shows, before any authorisation, what
 * the server will enforce again: an exclusion, the surcharge to confirm, the
 * currency choice, the hold, and the store-card choice.
 */
export function CardForm({
  linkId,
  locale,
  amount,
  currency,
  authorisationOnly,
  storeCard,
  bankAvailable,
  adyen,
  surface,
  hidePayButton = false,
  covered = [],
  storeCardText,
}: CardFormProps) {
  const t = useTranslations('CheckoutForm');
  const facts = useTranslations('CardFacts');
  const router = useRouter();
  const [state, action, pending] = useActionState<CardActionState, FormData>(payByCardAction, null);
  const [check, setCheck] = useState<CardCheck | null>(null);
  const [, setValid] = useState(false);
  const [dismissedSurcharge, setDismissedSurcharge] = useState<CardActionState>(null);
  const fields = useRef<CardFieldsHandle>(null);
  const summary = useRef<HTMLDivElement>(null);
  const refusal = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);
  const money = (value: number) => formatMoney(value, currency, locale);
  const failed = state && !state.ok ? state : null;
  const fieldErrors = failed?.fieldErrors ?? [];
  const serverSurcharge = state?.ok && state !== dismissedSurcharge ? state.data : null;
  const accepted = check?.status === 'accepted' ? check : null;
  const refused = check?.status === 'excluded' || check?.status === 'unverified';
  const hasErrors = Boolean(fieldErrors.length > 0 || failed?.formError || failed?.exclusion || failed?.incomplete);

  // The error summary takes focus, so a screen reader hears what to fix first; a new answer allows a new post.
  useEffect(() => {
    submitted.current = false;
    if (hasErrors) summary.current?.focus();
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps
  // The embed tells its parent the form waits for the customer again (checkout-surface.tsx).
  useEffect(() => {
    if (state) announceFormReturned();
  }, [state]);

  // Paid in another tab, or expired meanwhile: the page (the state table) shows why.
  useEffect(() => {
    if (check?.status === 'unavailable') router.refresh();
  }, [check, router]);

  // Shown again from history (the back button after paying: the client router's cache, or the
  // browser's back-forward cache): ask the state table, and show the one outcome if it moved on.
  useEffect(() => {
    const recheck = () => {
      void checkoutStateAction(linkId).then((now) => {
        if (now !== 'active') router.refresh();
      });
    };
    recheck();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) recheck();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [linkId, router]);

  const onCardKnown = useCallback((next: CardCheck | null) => setCheck(next), []);
  const anotherCard = () => {
    setDismissedSurcharge(state);
    setCheck(null);
    fields.current?.clear();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // One post at a time (a double click); a card the rules refuse, or incomplete fields, never post.
    if (submitted.current || refused || (fields.current && !fields.current.beforeSubmit())) {
      event.preventDefault();
      if (refused) refusal.current?.focus();
      announceFormReturned(); // the embed said `processing` on submit: the form waits for the customer again
      return;
    }
    submitted.current = true;
  };

  const errorText: Record<CardEntryError, string> = {
    number: t('errorNumber'),
    expiry: t('errorExpiry'),
    cvc: t('errorCvc'),
    name: t('errorName'),
  };
  const surchargeTotal = accepted?.surcharge ? accepted.total : serverSurcharge?.total;
  return (
    <form action={action} onSubmit={onSubmit} className="stack" noValidate data-testid="card-form">
      <input type="hidden" name="linkId" value={linkId} />
      <input type="hidden" name="locale" value={locale} />
      {covered.map((id) => (
        <input key={id} type="hidden" name="covered" value={id} />
      ))}
      <SurfaceFields surface={surface} />
      {hasErrors && (
        <div ref={summary} tabIndex={-1} role="alert" className="error-summary" data-testid="error-summary">
          <h3>{t('errorSummary')}</h3>
          <ul>
            {failed?.exclusion && (
              <li data-testid="server-exclusion">
                <ExclusionText exclusion={failed.exclusion} />
              </li>
            )}
            {failed?.formError && !failed.exclusion && <li>{failed.formError}</li>}
            {failed?.incomplete && <li>{facts('secureFieldsIncomplete')}</li>}
            {fieldErrors.map((name) => (
              <li key={name}>
                <a href={`#card-${name}`}>{errorText[name]}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {adyen ? (
        <Suspense fallback={null}>
          <AdyenCardFields
            ref={fields}
            linkId={linkId}
            covered={covered}
            fieldErrors={fieldErrors}
            onCardKnown={onCardKnown}
            onValidChange={setValid}
            adyen={{ clientKey: adyen.clientKey, environment: adyen.environment }}
            locale={locale}
            countryCode={adyen.countryCode}
          />
        </Suspense>
      ) : (
        <SandboxCardFields
          ref={fields}
          linkId={linkId}
          covered={covered}
          fieldErrors={fieldErrors}
          onCardKnown={onCardKnown}
          onValidChange={setValid}
        />
      )}
      {/* The card check's answer fills a place kept for it (.card-facts): the Pay button does not move under a click. */}
      {/* data-check: the check's answer (or none yet), for journeys that must pay what the page showed. */}
      <div className="card-facts" data-testid="card-facts" data-check={check?.status ?? 'none'}>
        {(check?.status === 'accepted' || check?.status === 'excluded') && <CardSummary card={check.card} />}
      </div>
      <div ref={refusal} tabIndex={-1} id="card-refusal">
        {check?.status === 'excluded' && (
          <ExclusionMessage exclusion={check.exclusion} bankAvailable={bankAvailable} onAnotherCard={anotherCard} />
        )}
        {check?.status === 'unverified' && (
          <UnverifiedMessage bankAvailable={bankAvailable} onAnotherCard={anotherCard} />
        )}
      </div>
      {accepted && <SurchargeNotice check={accepted} bankAvailable={bankAvailable} onAnotherCard={anotherCard} />}
      {accepted && <DccChoice check={accepted} />}
      {accepted && authorisationOnly && <HeldNotice check={accepted} />}
      {!accepted?.surcharge && serverSurcharge && (
        // The server asked to confirm a surcharge the page had not shown (the card check had not answered).
        <div className="notice" role="status" data-testid="surcharge">
          <h3>{t('surchargeTitle')}</h3>
          <p>
            {t('surchargeBody', { surcharge: money(serverSurcharge.surcharge), total: money(serverSurcharge.total) })}
          </p>
          <input type="hidden" name="acceptedSurcharge" value={serverSurcharge.surcharge} />
          <button type="button" className="secondary" onClick={anotherCard}>
            {t('surchargeSwitch')}
          </button>
        </div>
      )}
      <StoreCard
        choice={storeCard}
        text={storeCardText}
        collected={accepted?.collections ?? serverSurcharge?.collections}
      />
      {!hidePayButton && (
        // A refused card: the button says why it cannot pay, described by the refusal above, and a press only
        // moves focus there (onSubmit); it stays enabled, so a keyboard reaches it. Any other card: what it pays.
        <button
          type="submit"
          disabled={pending}
          aria-describedby={refused ? 'card-refusal' : undefined}
          data-testid="pay-button"
          data-refused={refused || undefined}
        >
          {pending
            ? t('paying')
            : check?.status === 'excluded'
              ? t('payUnavailableExcluded')
              : check?.status === 'unverified'
                ? t('payUnavailableUnverified')
                : surchargeTotal
                  ? facts('surchargeConfirm', { total: money(surchargeTotal) })
                  : t('payButton', { amount: money(amount) })}
        </button>
      )}
    </form>
  );
}

/** The server's refusal of a card the page had not checked (a post without the page's check), worded by the page. */
function ExclusionText({ exclusion }: { exclusion: CardExclusion }) {
  return <>{useExclusionText(exclusion)}</>;
}
