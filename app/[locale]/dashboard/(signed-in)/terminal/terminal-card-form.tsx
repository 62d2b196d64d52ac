'use client';

import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useFormStatus } from 'react-dom';
import type { AdyenEnvironment } from '@/lib/config';
import type { CardCheck } from '@/lib/core/hosted-checkout/card-check';
import { formatMoney } from '@/lib/money';
import { AdyenCardFields } from '@/app/[locale]/[payment_link_id]/card-entry/adyen-card-fields';
import { SurchargeNotice } from '@/app/[locale]/[payment_link_id]/card-entry/card-choices';
import {
  CardSummary,
  ExclusionMessage,
  UnverifiedMessage,
} from '@/app/[locale]/[payment_link_id]/card-entry/card-facts-panel';
import type { CardFieldsHandle } from '@/app/[locale]/[payment_link_id]/card-entry/card-fields';
import { SandboxCardFields } from '@/app/[locale]/[payment_link_id]/card-entry/sandbox-card-fields';
import { payTerminalOrderAction, terminalCardCheckAction } from './actions';

type Props = {
  orderId: string;
  locale: string;
  amount: number;
  currency: string;
  /** Production: Adyen's Card component; null: the sandbox's own fields (as on the hosted checkout). */
  adyen: { clientKey: string; environment: AdyenEnvironment; countryCode: string } | null;
  /** A surcharge the server asked to confirm (a post without the card check): posted back as accepted. */
  confirmSurcharge: number | null;
  words: { pay: string; payWithSurcharge: string; paying: string; refused: string; surchargeConfirm: string };
};

/**
 * The terminal's card form: the hosted checkout's own card fields and card-facts panels (card-entry/), asking
 * "is this card accepted, at what surcharge" of the terminal's order as the signed-in staff member, and posting
 * to the terminal's action. Without JavaScript the sandbox fields post as plain inputs; the server decides alike.
 */
export function TerminalCardForm({ orderId, locale, amount, currency, adyen, confirmSurcharge, words }: Props) {
  const [check, setCheck] = useState<CardCheck | null>(null);
  const [, setValid] = useState(false);
  const fields = useRef<CardFieldsHandle>(null);
  const refusal = useRef<HTMLDivElement>(null);
  const accepted = check?.status === 'accepted' ? check : null;
  const refused = check?.status === 'excluded' || check?.status === 'unverified';
  const onCardKnown = useCallback((next: CardCheck | null) => setCheck(next), []);
  const anotherCard = () => {
    setCheck(null);
    fields.current?.clear();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A card the rules refuse, or fields that know they are incomplete, never post (the server would refuse too).
    if (refused || (fields.current && !fields.current.beforeSubmit())) {
      event.preventDefault();
      if (refused) refusal.current?.focus();
    }
  };
  const total = accepted?.surcharge ? accepted.total : confirmSurcharge !== null ? amount + confirmSurcharge : amount;
  const fieldProps = {
    linkId: orderId,
    fieldErrors: [],
    onCardKnown,
    onValidChange: setValid,
    check: terminalCardCheckAction,
  };
  return (
    <form
      action={payTerminalOrderAction}
      onSubmit={onSubmit}
      className="stack narrow"
      noValidate
      data-testid="terminal-card-form"
    >
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="order" value={orderId} />
      {adyen ? (
        <AdyenCardFields
          ref={fields}
          {...fieldProps}
          adyen={{ clientKey: adyen.clientKey, environment: adyen.environment }}
          locale={locale}
          countryCode={adyen.countryCode}
        />
      ) : (
        <SandboxCardFields ref={fields} {...fieldProps} />
      )}
      <div className="card-facts" data-testid="card-facts" data-check={check?.status ?? 'none'}>
        {(check?.status === 'accepted' || check?.status === 'excluded') && <CardSummary card={check.card} />}
      </div>
      <div ref={refusal} tabIndex={-1} id="terminal-card-refusal">
        {check?.status === 'excluded' && (
          <ExclusionMessage exclusion={check.exclusion} bankAvailable={false} onAnotherCard={anotherCard} />
        )}
        {check?.status === 'unverified' && <UnverifiedMessage bankAvailable={false} onAnotherCard={anotherCard} />}
      </div>
      {accepted && <SurchargeNotice check={accepted} bankAvailable={false} onAnotherCard={anotherCard} />}
      {!accepted && confirmSurcharge !== null && (
        <div className="notice" role="status" data-testid="terminal-surcharge">
          <p>{words.surchargeConfirm}</p>
          <input type="hidden" name="acceptedSurcharge" value={confirmSurcharge} />
        </div>
      )}
      <div>
        <PayButton
          refused={refused}
          words={words}
          label={(total === amount ? words.pay : words.payWithSurcharge).replace(
            '{total}',
            formatMoney(total, currency, locale),
          )}
        />
      </div>
    </form>
  );
}

/** The pay button: disabled while the post is under way (one payment per press), described by a card refusal. */
function PayButton({ refused, words, label }: { refused: boolean; words: Props['words']; label: string }) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      aria-describedby={refused ? 'terminal-card-refusal' : undefined}
      data-testid="terminal-pay"
    >
      {pending ? words.paying : refused ? words.refused : label}
    </button>
  );
}
