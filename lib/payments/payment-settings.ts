import type { OrganisationSettings } from '@/lib/db/schema/organisations';
import { defaultSurchargeRates, type SurchargeRates } from './card-rules/surcharge';

export type EffectivePaymentSettings = {
  country: string;
  surcharge: { enabled: boolean } & SurchargeRates;
  dcc_enabled: boolean;
  approval_links_enabled: boolean;
};

/**
 * An organisation's payment settings with the product's defaults filled in
 * (product.md sections 4 and 9): surcharging allowed at 1.5% commercial and
 * 2.5% international, DCC offered, approval links off, country GB. Stored
 * settings may be partial (older rows, hand-edited JSON), so each field falls
 * back on its own rather than the whole surcharge block at once.
 */
export function effectivePaymentSettings(
  settings: OrganisationSettings | null | undefined,
  country?: string | null,
): EffectivePaymentSettings {
  const surcharge: Partial<OrganisationSettings['surcharge'] & object> = settings?.surcharge ?? {};
  return {
    country: (country || 'GB').toUpperCase(),
    surcharge: {
      enabled: surcharge.enabled ?? true,
      commercial_rate_bps: validRate(surcharge.commercial_rate_bps) ?? defaultSurchargeRates.commercial_rate_bps,
      international_rate_bps:
        validRate(surcharge.international_rate_bps) ?? defaultSurchargeRates.international_rate_bps,
    },
    dcc_enabled: settings?.dcc_enabled ?? true,
    approval_links_enabled: settings?.approval_links_enabled ?? false,
  };
}

/** A rate must be a whole number of basis points from 0 to 100%; anything else falls back to the default. */
function validRate(rate: unknown): number | undefined {
  return typeof rate === 'number' && Number.isInteger(rate) && rate >= 0 && rate <= 10_000 ? rate : undefined;
}
