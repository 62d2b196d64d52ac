import type { CardExclusion } from '@/lib/core/hosted-checkout/card-check';
import { cardBrandLabels } from '@/lib/payments/card-rules/exclusion-message';
import type { CardRegion } from '@/lib/payments/card-rules';
import { countryName } from '@/lib/i18n/country-name';

/*
 * The words of a card the link refuses, from the `CardFacts` catalog: shared by the card form (a client component,
 * through useExclusionText) and the production wallet's server action (wallet-actions.ts), so a wallet's card refused
 * after its authorisation reads exactly as a typed card refused before it. No 'use client': a server action imports it.
 */

const regionKey = { DOMESTIC: 'Domestic', INTRA: 'Intra', INTER: 'Inter' } as const satisfies Record<
  CardRegion,
  string
>;

/** One catalog namespace's t(key, values), as next-intl's and the card form's own (card-text.tsx) both are. */
type Translate = (key: string, values?: Record<string, string>) => string;

/** What is not accepted and what is, in the page's language ("American Express cards are not accepted… Visa or Mastercard"). */
export function exclusionText(t: Translate, locale: string, exclusion: CardExclusion): string {
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
