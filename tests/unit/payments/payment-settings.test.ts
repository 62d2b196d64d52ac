import { describe, expect, it } from 'vitest';
import { effectivePaymentSettings } from '@/lib/payments/payment-settings';

describe('effectivePaymentSettings', () => {
  it('fills the product defaults for an organisation with no settings', () => {
    expect(effectivePaymentSettings({}, 'GB')).toEqual({
      country: 'GB',
      surcharge: { enabled: true, commercial_rate_bps: 150, international_rate_bps: 250 },
      dcc_enabled: true,
      approval_links_enabled: false,
    });
  });

  it('keeps what is set, and defaults the country to GB', () => {
    const settings = {
      surcharge: { enabled: false, commercial_rate_bps: 120, international_rate_bps: 300 },
      dcc_enabled: false,
      approval_links_enabled: true,
    };
    expect(effectivePaymentSettings(settings, null)).toEqual({ country: 'GB', ...settings });
    expect(effectivePaymentSettings({}, 'fr').country).toBe('FR');
  });

  it('falls back field by field on a partial or invalid surcharge block', () => {
    const partial = { surcharge: { enabled: false, commercial_rate_bps: -5 } } as never;
    expect(effectivePaymentSettings(partial, 'GB').surcharge).toEqual({
      enabled: false,
      commercial_rate_bps: 150,
      international_rate_bps: 250,
    });
  });
});
