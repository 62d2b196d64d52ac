'use client';

import { useEffect, useImperativeHandle, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { cardLookupOf, detectBrand, type CardEntryError } from '@/lib/payments/card-entry';
import { cardCheckAction } from './card-check-action';
import type { CardFieldsHandle, CardFieldsProps } from './card-fields';
import { cardBrandLabels } from '@/lib/payments/card-rules/exclusion-message';
import { useTranslations } from './card-text';

/**
 * Sandbox card entry: the project's own fields (number with brand detection
 * and Luhn, expiry, CVC, name), posted with the pay form to the server action,
 * which only the sandbox processor takes. Once a Luhn-complete number is typed,
 * its BIN (first 8 digits) and last four go to the server for the card's facts.
 * Inputs are controlled so a surcharge confirmation re-posts the same card.
 */
export function SandboxCardFields({
  linkId,
  covered = [],
  fieldErrors,
  onCardKnown,
  onValidChange,
  check,
  ref,
}: CardFieldsProps & { ref?: Ref<CardFieldsHandle> }) {
  const t = useTranslations('CheckoutForm');
  const facts = useTranslations('CardFacts');
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '', name: '' });
  const [checking, setChecking] = useState(false);
  const asked = useRef<string | null>(null);
  const brand = detectBrand(card.number);
  const lookup = cardLookupOf(card.number);
  const lookupKey = lookup ? `${lookup.bin}:${lookup.lastFour}` : null;

  useImperativeHandle(
    ref,
    () => ({ beforeSubmit: () => true, clear: () => setCard((c) => ({ ...c, number: '' })) }),
    [],
  );

  useEffect(() => {
    onValidChange(Boolean(lookupKey) && Boolean(card.expiry && card.cvc && card.name.trim()));
  }, [lookupKey, card.expiry, card.cvc, card.name, onValidChange]);

  // The card is known once its number is complete: ask the server (BIN and last four only); a newer number wins.
  useEffect(() => {
    asked.current = lookupKey;
    if (!lookup || !lookupKey) {
      setChecking(false);
      onCardKnown(null);
      return;
    }
    setChecking(true);
    (check ?? cardCheckAction)({ linkId, covered, bin: lookup.bin, lastFour: lookup.lastFour })
      .then((answer) => {
        if (asked.current === lookupKey) onCardKnown(answer);
      })
      .catch(() => {
        if (asked.current === lookupKey) onCardKnown(null);
      })
      .finally(() => {
        if (asked.current === lookupKey) setChecking(false);
      });
  }, [lookupKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const errorText: Record<CardEntryError, string> = {
    number: t('errorNumber'),
    expiry: t('errorExpiry'),
    cvc: t('errorCvc'),
    name: t('errorName'),
  };
  const input = (name: keyof typeof card, label: string, extra: InputHTMLAttributes<HTMLInputElement>) => {
    const invalid = fieldErrors.includes(name);
    return (
      <div className="field">
        <label htmlFor={`card-${name}`}>{label}</label>
        {invalid && (
          <p id={`card-${name}-error`} className="field-error">
            {errorText[name]}
          </p>
        )}
        <input
          id={`card-${name}`}
          name={name}
          type="text"
          value={card[name]}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `card-${name}-error` : undefined}
          onChange={(e) => setCard({ ...card, [name]: e.target.value })}
          {...extra}
        />
      </div>
    );
  };

  return (
    <>
      {input('number', t('numberLabel'), { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23 })}
      {/* Both lines keep their place while empty (.card-status), so the fields below never move as they fill. */}
      <div className="card-status">
        {brand && (
          <p className="muted" data-testid="card-brand">
            {t('brandDetected', { brand: cardBrandLabels[brand] })}
          </p>
        )}
      </div>
      <p className="muted card-status" aria-live="polite" data-testid="card-checking">
        {checking ? facts('checking') : ''}
      </p>
      {input('expiry', t('expiryLabel'), {
        inputMode: 'numeric',
        autoComplete: 'cc-exp',
        placeholder: 'MM/YY',
        maxLength: 7,
      })}
      {input('cvc', t('cvcLabel'), { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 })}
      {input('name', t('nameLabel'), { autoComplete: 'cc-name', maxLength: 100 })}
    </>
  );
}
