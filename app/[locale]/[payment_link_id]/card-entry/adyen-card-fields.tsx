'use client';

import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { AdyenEnvironment } from '@/lib/config';
import { cardCheckAction } from './card-check-action';
import type { CardFieldsHandle, CardFieldsProps } from './card-fields';
import { adyenFieldNames } from './card-method-names';
import { useTranslations } from './card-text';

type Mounted = Awaited<ReturnType<typeof import('./adyen-card-mount').mountAdyenCard>>;

/**
 * Production card entry behind the same interface as the sandbox fields:
 * Adyen's Card component, imported only when this renders (its own chunk), its
 * encrypted fields copied into hidden inputs of the pay form, and its valid
 * card number sent (encrypted, with BIN and last four) for the card's facts.
 */
export function AdyenCardFields({
  linkId,
  covered = [],
  onCardKnown,
  onValidChange,
  check,
  adyen,
  locale,
  countryCode,
  ref,
}: CardFieldsProps & {
  adyen: { clientKey: string; environment: AdyenEnvironment };
  locale: string;
  countryCode: string;
  ref?: Ref<CardFieldsHandle>;
}) {
  const t = useTranslations('CardFacts');
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<Mounted | null>(null);
  const asked = useRef<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [number, setNumber] = useState<{ bin?: string; lastFour?: string }>({});
  const [valid, setValid] = useState(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [generation, setGeneration] = useState(0);

  useImperativeHandle(
    ref,
    () => ({
      beforeSubmit: () => {
        if (!valid) mounted.current?.showValidation();
        return valid;
      },
      clear: () => setGeneration((g) => g + 1),
    }),
    [valid],
  );

  useEffect(() => onValidChange(valid), [valid, onValidChange]);

  useEffect(() => {
    let cancelled = false;
    const element = container.current;
    if (!element) return;
    import('./adyen-card-mount')
      .then(({ mountAdyenCard }) =>
        mountAdyenCard(
          element,
          { ...adyen, locale, countryCode },
          {
            onState: (next, isValid) => {
              setFields(next);
              setValid(isValid);
            },
            onNumber: (number) => {
              const key = number?.encryptedCardNumber ?? null;
              asked.current = key;
              setNumber({ bin: number?.bin, lastFour: number?.lastFour });
              onCardKnown(null);
              if (!number || !key) return;
              (check ?? cardCheckAction)({ linkId, covered, ...number })
                .then((answer) => {
                  if (asked.current === key) onCardKnown(answer);
                })
                .catch(() => undefined);
            },
            onError: () => setStatus('failed'),
          },
        ),
      )
      .then((card) => {
        if (cancelled) card.unmount();
        else {
          mounted.current = card;
          setStatus('ready');
        }
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      mounted.current?.unmount();
      mounted.current = null;
      setFields({});
      setValid(false);
      onCardKnown(null);
    };
  }, [generation]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="stack" data-testid="adyen-card-fields" data-status={status}>
      {status === 'loading' && (
        <p className="muted" role="status">
          {t('secureFieldsLoading')}
        </p>
      )}
      {status === 'failed' && (
        <p className="field-error" role="alert">
          {t('secureFieldsFailed')}
        </p>
      )}
      <div ref={container} key={generation} className="adyen-card" data-testid="adyen-card" />
      {adyenFieldNames.map((name) => (
        <input
          key={name}
          type="hidden"
          name={name}
          value={(name === 'bin' || name === 'lastFour' ? number[name] : fields[name]) ?? ''}
        />
      ))}
      <input type="hidden" name="holderName" value={fields.holderName ?? ''} />
    </div>
  );
}
