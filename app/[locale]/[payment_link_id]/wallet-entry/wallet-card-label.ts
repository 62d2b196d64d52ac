import { getTranslations } from 'next-intl/server';
import { cardBrandLabels } from '@/lib/payments/card-rules/exclusion-message';
import type { SandboxCard } from '@/lib/payments/processor/sandbox/sandbox-cards';

/** A country's name in the page's language (GB: "United Kingdom"). */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Visa credit card ending 1111 (issuing country: United Kingdom)": a test card as the wallet lists it. */
export async function walletCardLabel(card: SandboxCard, locale: string): Promise<string> {
  const t = await getTranslations('CardFacts');
  const { facts } = card;
  const kind = t(
    `kind${facts.cardClass === 'commercial' ? 'Commercial' : 'Consumer'}${facts.funding === 'debit' ? 'Debit' : 'Credit'}`,
  );
  return t('cardSummaryDigits', {
    brand: cardBrandLabels[facts.brand],
    kind,
    country: countryName(facts.issuingCountry, locale),
    lastFour: card.number.slice(-4),
  });
}
