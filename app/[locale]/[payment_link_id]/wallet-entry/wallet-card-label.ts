import { getTranslations } from 'next-intl/server';
import { countryName } from '@/lib/i18n/country-name';
import { cardBrandLabels } from '@/lib/payments/card-rules/exclusion-message';
import type { SandboxCard } from '@/lib/payments/processor/sandbox/sandbox-cards';

/*
 * A label depends only on the test card and the language, and the catalogs do not change while the server runs, so
 * each is formatted once per process: the sandbox wallet lists every test card on every checkout render, and
 * formatting ten ICU messages with arguments (next-intl compiles them per request) was a measurable share of the
 * checkout's CPU (docs/checkout.md, Benchmark).
 */
const labels = new Map<string, string>();

/** "Visa credit card ending 1111 (issuing country: United Kingdom)": a test card as the wallet lists it. */
export async function walletCardLabel(card: SandboxCard, locale: string): Promise<string> {
  const key = `${locale}|${card.profile}|${card.number}`;
  const known = labels.get(key);
  if (known) return known;
  const t = await getTranslations({ locale, namespace: 'CardFacts' });
  const { facts } = card;
  const kind = t(
    `kind${facts.cardClass === 'commercial' ? 'Commercial' : 'Consumer'}${facts.funding === 'debit' ? 'Debit' : 'Credit'}`,
  );
  const label = t('cardSummaryDigits', {
    brand: cardBrandLabels[facts.brand],
    kind,
    country: countryName(facts.issuingCountry, locale),
    lastFour: card.number.slice(-4),
  });
  labels.set(key, label);
  return label;
}
