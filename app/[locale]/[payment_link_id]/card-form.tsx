'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { detectBrand, type CardEntryError } from '@/lib/payments/card-entry';
import { formatMoney } from '@/lib/money';
import { payByCardAction, type CardActionState } from './actions';
import { announceFormReturned, SurfaceFields, type CheckoutSurface } from './checkout-surface';

/**
 * Sandbox card entry: the project's own fields (number with brand detection,
 * expiry, CVC, name) posting to payByCardAction. Its interface is small on
 * purpose, so the Adyen Card component can replace it in production mode:
 * it takes the link and how to show money, and everything else (the
 * surcharge to confirm, a refused card, typing mistakes) comes back from the server.
 * Inputs are controlled so a surcharge confirmation re-posts the same card.
 */
export function CardForm({ linkId, locale, amount, currency, surface, hidePayButton = false }: {
  linkId: string; locale: string; amount: number; currency: string;
  /** Embed only (checkout-surface.tsx): the embed's pages and flags; `hidePayButton` (hpb=1): the parent pays with INITIATE_PAY. */
  surface?: CheckoutSurface; hidePayButton?: boolean;
}) {
  const t = useTranslations('CheckoutForm');
  const [state, action, pending] = useActionState<CardActionState, FormData>(payByCardAction, null);
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '', name: '' });
  const [dismissedSurcharge, setDismissedSurcharge] = useState<CardActionState>(null);
  const summary = useRef<HTMLDivElement>(null);
  const money = (value: number) => formatMoney(value, currency, locale);
  const fieldErrors = state && !state.ok ? (state.fieldErrors ?? []) : [];
  const formError = state && !state.ok ? state.formError : undefined;
  const surcharge = state?.ok && state !== dismissedSurcharge ? state.data : null;
  const brand = detectBrand(card.number);

  // The error summary takes focus, so a screen reader hears what to fix first.
  useEffect(() => {
    if (fieldErrors.length > 0 || formError) summary.current?.focus();
  }, [state]); // eslint-disable-line react-hooks/exhaustive-deps
  // The embed tells its parent the form waits for the customer again (checkout-surface.tsx).
  useEffect(() => {
    if (state) announceFormReturned();
  }, [state]);

  const errorText: Record<CardEntryError, string> = {
    number: t('errorNumber'), expiry: t('errorExpiry'), cvc: t('errorCvc'), name: t('errorName'),
  };
  const input = (name: keyof typeof card, label: string, extra: InputHTMLAttributes<HTMLInputElement>) => {
    const invalid = fieldErrors.includes(name);
    return (
      <div className="field">
        <label htmlFor={`card-${name}`}>{label}</label>
        {invalid && <p id={`card-${name}-error`} className="field-error">{errorText[name]}</p>}
        <input id={`card-${name}`} name={name} type="text" value={card[name]} aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `card-${name}-error` : undefined} onChange={(e) => setCard({ ...card, [name]: e.target.value })} {...extra} />
      </div>
    );
  };

  return (
    <form action={action} className="stack" noValidate data-testid="card-form">
      <input type="hidden" name="linkId" value={linkId} />
      <input type="hidden" name="locale" value={locale} />
      <SurfaceFields surface={surface} />
      {(fieldErrors.length > 0 || formError) && (
        <div ref={summary} tabIndex={-1} role="alert" className="error-summary" data-testid="error-summary">
          <h3>{t('errorSummary')}</h3>
          <ul>
            {formError && <li>{formError}</li>}
            {fieldErrors.map((name) => <li key={name}><a href={`#card-${name}`}>{errorText[name]}</a></li>)}
          </ul>
        </div>
      )}
      {input('number', t('numberLabel'), { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 })}
      {brand && <p className="muted" data-testid="card-brand">{t('brandDetected', { brand })}</p>}
      {input('expiry', t('expiryLabel'), { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 7 })}
      {input('cvc', t('cvcLabel'), { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 })}
      {input('name', t('nameLabel'), { autoComplete: 'cc-name', maxLength: 100 })}
      {surcharge ? (
        <div className="notice" role="status" data-testid="surcharge">
          <h3>{t('surchargeTitle')}</h3>
          <p>{t('surchargeBody', { surcharge: money(surcharge.surcharge), total: money(surcharge.total) })}</p>
          <input type="hidden" name="acceptedSurcharge" value={surcharge.surcharge} />
          <div className="row">
            <button type="submit" disabled={pending}>{t('surchargeConfirm', { total: money(surcharge.total) })}</button>
            <button type="button" className="secondary" onClick={() => { setDismissedSurcharge(state); setCard({ ...card, number: '' }); }}>
              {t('surchargeSwitch')}
            </button>
          </div>
        </div>
      ) : hidePayButton ? null : (
        <button type="submit" disabled={pending} data-testid="pay-button">{pending ? t('paying') : t('payButton', { amount: money(amount) })}</button>
      )}
    </form>
  );
}
