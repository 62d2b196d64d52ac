'use client';

import type { StoreCardChoice } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { formatMoney, isoCurrency } from '@/lib/money';
import type { AcceptedCheck } from './card-facts-panel';
import { useLocale, useTranslations } from './card-text';

/*
 * What the customer sees and chooses once the server has accepted the card,
 * before anything is authorised: the surcharge (posted back as
 * acceptedSurcharge, which the core takes only when it equals its own), the
 * currency (acceptDcc) and the hold wording. The server recomputes all of it.
 */
export function SurchargeNotice({
  check,
  bankAvailable,
  onAnotherCard,
}: {
  check: AcceptedCheck;
  bankAvailable: boolean;
  onAnotherCard: () => void;
}) {
  const t = useTranslations('CardFacts');
  const locale = useLocale();
  if (!check.surcharge) return null;
  const money = (amount: number) => formatMoney(amount, check.currency, locale);
  const surcharge = money(check.surcharge.amount);
  return (
    <div className="notice" role="status" data-testid="surcharge">
      <h3>{t('surchargeTitle')}</h3>
      <p>
        {check.surcharge.class === 'commercial'
          ? t('surchargeCommercial', { surcharge })
          : t('surchargeInternational', { surcharge })}
      </p>
      <p data-testid="surcharge-total">
        <strong>{t('surchargeTotal', { total: money(check.total) })}</strong>
      </p>
      <input type="hidden" name="acceptedSurcharge" value={check.surcharge.amount} />
      <div className="row">
        <button type="button" className="secondary" onClick={onAnotherCard}>
          {t('useAnotherCard')}
        </button>
        {bankAvailable && <a href="#bank-heading">{t('payByBankInstead')}</a>}
      </div>
      {bankAvailable && <p className="muted">{t('surchargeNoBank')}</p>}
    </div>
  );
}

/**
 * Dynamic currency conversion: the link's currency is chosen until the customer
 * picks their card's (a conversion is never the default); rate, mark-up and
 * both amounts are shown before the choice.
 */
export function DccChoice({ check }: { check: AcceptedCheck }) {
  const t = useTranslations('CardFacts');
  const locale = useLocale();
  const dcc = check.dcc;
  if (!dcc) return null;
  const linkIso = isoCurrency(check.currency);
  const cardIso = isoCurrency(dcc.currency);
  const markup = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    dcc.markupBps / 10_000,
  );
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(dcc.rate);
  return (
    <fieldset className="choice" data-testid="dcc">
      <legend>{t('dccLegend')}</legend>
      <p>{t('dccIntro', { cardCurrency: cardIso, linkCurrency: linkIso })}</p>
      <div className="choice-option">
        <input type="radio" id="dcc-no" name="acceptDcc" value="no" defaultChecked />
        <label htmlFor="dcc-no">
          {t('dccPayLink', { amount: formatMoney(check.total, check.currency, locale), currency: linkIso })}
        </label>
      </div>
      <div className="choice-option">
        <input type="radio" id="dcc-yes" name="acceptDcc" value="yes" />
        <label htmlFor="dcc-yes">
          {t('dccPayCard', { amount: formatMoney(dcc.amount, dcc.currency, locale), currency: cardIso })}
        </label>
      </div>
      <p className="muted" data-testid="dcc-rate">
        {t('dccRate', { linkCurrency: linkIso, cardCurrency: cardIso, rate, markup })}
      </p>
      {dcc.sandboxRate && (
        <p className="muted" data-testid="dcc-sandbox-rate">
          {t('dccSandboxRate')}
        </p>
      )}
    </fieldset>
  );
}

/** Pre-authorisation: the amount (surcharge included) is held, not taken. */
export function HeldNotice({ check }: { check: AcceptedCheck }) {
  const t = useTranslations('CardFacts');
  const locale = useLocale();
  return (
    <p className="notice" data-testid="held-notice">
      {t('heldNotice', { total: formatMoney(check.total, check.currency, locale) })}
    </p>
  );
}

/** Words of the store-card tick for a group member: the offer, and each instalment it would collect (amount before surcharge, date as shown). */
export type StoreCardText = {
  label: string;
  hint?: string;
  currency?: string;
  collections?: { amount: number; date: string }[];
};

/**
 * The store-card choice: unticked by default; nothing when hidden; a sentence when the link forces it.
 * `text`: other words for the same tick (a group member's offer to collect the rest automatically),
 * with the instalments it collects; `collected`: the card check's amounts for them on this card,
 * surcharge included, which replace the plain amounts (what is shown is what the runner collects).
 */
export function StoreCard({
  choice,
  text,
  collected,
}: {
  choice: StoreCardChoice;
  text?: StoreCardText;
  collected?: number[];
}) {
  const t = useTranslations('CardFacts');
  const locale = useLocale();
  if (choice === 'hidden') return null;
  if (choice === 'forced')
    return (
      <p className="muted" data-testid="store-card-forced">
        {t('storeCardForced')}
      </p>
    );
  const items = text?.collections ?? [];
  const amounts = items.map((item, i) => collected?.[i] ?? item.amount);
  const surcharged = amounts.some((amount, i) => amount !== items[i]!.amount);
  return (
    <div className="choice-option" data-testid="store-card">
      <input
        type="checkbox"
        id="store-card"
        name="storeCard"
        value="on"
        aria-describedby={text?.hint || items.length > 0 ? 'store-card-hint' : undefined}
      />
      <label htmlFor="store-card">
        {text?.label ?? t('storeCardLabel')}
        {(text?.hint || items.length > 0) && (
          <span id="store-card-hint" className="muted store-card-hint">
            {items.length > 0 && (
              <span className="auto-collect-amounts" data-testid="auto-collect-amounts">
                {items.map((item, i) => (
                  <span key={i} data-testid="auto-collect-amount">
                    {t('autoCollectItem', {
                      amount: formatMoney(amounts[i]!, text!.currency!, locale),
                      date: item.date,
                    })}
                    {i < items.length - 1 ? '; ' : '. '}
                  </span>
                ))}
                {surcharged && <span data-testid="auto-collect-surcharge">{t('autoCollectSurcharge')} </span>}
              </span>
            )}
            {text?.hint}
          </span>
        )}
      </label>
    </div>
  );
}
