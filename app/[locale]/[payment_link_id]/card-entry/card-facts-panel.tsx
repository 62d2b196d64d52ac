'use client';

import type { CardCheck, CardExclusion, ShownCard } from '@/lib/core/hosted-checkout/card-check';
import { cardBrandLabels } from '@/lib/payments/card-rules/exclusion-message';
import type { CardRegion } from '@/lib/payments/card-rules';
import { useLocale, useTranslations } from './card-text';

/** A country's name in the page's language (GB: "United Kingdom", "Royaume-Uni"). */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

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

const regionKey = { DOMESTIC: 'Domestic', INTRA: 'Intra', INTER: 'Inter' } as const satisfies Record<
  CardRegion,
  string
>;

/** What is not accepted and what is, in the page's language, from the rules' structured refusal (never the core's English sentence). */
export function useExclusionText(exclusion: CardExclusion): string {
  const t = useTranslations('CardFacts');
  const locale = useLocale();
  // What is accepted, in plain words: any one of them will do ("Visa or Mastercard").
  const list = new Intl.ListFormat(locale, { type: 'disjunction' });
  const country = countryName(exclusion.reason === 'region' ? exclusion.organisationCountry : 'GB', locale);
  const refused =
    exclusion.reason === 'type'
      ? t('excludedType', { brand: cardBrandLabels[exclusion.excluded] })
      : t(`excluded${regionKey[exclusion.excluded]}`, { country });
  const accepted =
    exclusion.reason === 'type'
      ? exclusion.accepted.map((brand) => cardBrandLabels[brand])
      : exclusion.accepted.map((region) => t(`accepted${regionKey[region]}`, { country }));
  if (accepted.length === 0) return `${refused} ${t('noneAccepted')}`;
  const acceptedKey = exclusion.reason === 'type' ? 'acceptedBrands' : 'acceptedList';
  return `${refused} ${t(acceptedKey, { list: list.format(accepted) })}`;
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
