'use client';

import type { CardCheck, CardExclusion, ShownCard } from '@/lib/core/hosted-checkout/card-check';
import { cardBrandLabels } from '@/lib/payments/card-rules/exclusion-message';
import { useLocale, useTranslations } from './card-text';
import { countryName } from '@/lib/i18n/country-name';
import { exclusionText } from './exclusion-text';

/** "Visa debit card ending 0008, issued in France": the facts the server found, nothing more. */
export function CardSummary({ card }: { card: ShownCard }) {
  const t = useTranslations('CardFacts');
  const locale = useLocale();
  const kind = t(
    `kind${card.cardClass === 'commercial' ? 'Commercial' : 'Consumer'}${card.funding === 'debit' ? 'Debit' : 'Credit'}`,
  );
  const values = { brand: cardBrandLabels[card.brand], kind, country: countryName(card.issuingCountry, locale) };
  return (
    <p className="muted" data-testid="card-summary">
      {card.lastFour ? t('cardSummaryDigits', { ...values, lastFour: card.lastFour }) : t('cardSummary', values)}
    </p>
  );
}

/** What is not accepted and what is, in the page's language, from the rules' structured refusal (never the core's English sentence). */
export function useExclusionText(exclusion: CardExclusion): string {
  return exclusionText(useTranslations('CardFacts'), useLocale(), exclusion);
}

export function ExclusionMessage({
  exclusion,
  bankAvailable,
  onAnotherCard,
}: {
  exclusion: CardExclusion;
  bankAvailable: boolean;
  onAnotherCard: () => void;
}) {
  const t = useTranslations('CardFacts');
  const text = useExclusionText(exclusion);
  return (
    <div className="error-summary" role="alert" data-testid="card-excluded">
      <h3>{t('excludedTitle')}</h3>
      <p>{text}</p>
      <div className="row">
        <button type="button" className="secondary" onClick={onAnotherCard}>
          {t('useAnotherCard')}
        </button>
        {bankAvailable && <a href="#bank-heading">{t('payByBankInstead')}</a>}
      </div>
    </div>
  );
}

/** A card whose facts the link's rules need but nobody could establish: it will be refused. */
export function UnverifiedMessage({
  bankAvailable,
  onAnotherCard,
}: {
  bankAvailable: boolean;
  onAnotherCard: () => void;
}) {
  const t = useTranslations('CardFacts');
  return (
    <div className="error-summary" role="alert" data-testid="card-unverified">
      <h3>{t('unverifiedTitle')}</h3>
      <p>{t('unverifiedBody')}</p>
      <div className="row">
        <button type="button" className="secondary" onClick={onAnotherCard}>
          {t('useAnotherCard')}
        </button>
        {bankAvailable && <a href="#bank-heading">{t('payByBankInstead')}</a>}
      </div>
    </div>
  );
}

export type AcceptedCheck = Extract<CardCheck, { status: 'accepted' }>;
