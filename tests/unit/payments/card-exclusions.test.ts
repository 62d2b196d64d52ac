import { describe, expect, it } from 'vitest';
import { checkCardExclusions, exclusionMessage } from '@/lib/payments/card-rules';

const amexGb = { brand: 'AMEX' as const, issuingCountry: 'GB' };
const visaUs = { brand: 'VISA' as const, issuingCountry: 'US' };
const visaFr = { brand: 'VISA' as const, issuingCountry: 'FR' };

describe('checkCardExclusions', () => {
  it('allows a card when nothing is excluded, and says its region', () => {
    expect(
      checkCardExclusions({ card: visaFr, organisationCountry: 'GB', excludedTypes: [], excludedRegions: [] }),
    ).toEqual({ allowed: true, region: 'INTRA' });
  });

  it('refuses an excluded brand, naming it and the brands still accepted', () => {
    const check = checkCardExclusions({
      card: amexGb,
      organisationCountry: 'GB',
      excludedTypes: ['AMEX'],
      excludedRegions: [],
    });
    expect(check).toMatchObject({ allowed: false, reason: 'type', excluded: 'AMEX', accepted: ['VISA', 'MASTER'] });
    if (check.allowed) throw new Error('expected a refusal');
    expect(exclusionMessage(check)).toBe('American Express cards are not accepted. Accepted: Visa, Mastercard');
  });

  it('refuses an excluded region relative to the organisation country', () => {
    const check = checkCardExclusions({
      card: visaUs,
      organisationCountry: 'GB',
      excludedTypes: ['AMEX'],
      excludedRegions: ['INTER'],
    });
    expect(check).toEqual({
      allowed: false,
      reason: 'region',
      excluded: 'INTER',
      accepted: ['DOMESTIC', 'INTRA'],
      region: 'INTER',
      organisationCountry: 'GB',
    });
    if (check.allowed) throw new Error('expected a refusal');
    expect(exclusionMessage(check)).toBe(
      'Cards issued outside the UK, EEA and Switzerland are not accepted. Accepted: cards issued in GB, cards issued elsewhere in the UK, EEA or Switzerland',
    );
  });

  it('lets the same card through for an organisation where it is domestic', () => {
    expect(
      checkCardExclusions({ card: visaUs, organisationCountry: 'US', excludedTypes: [], excludedRegions: ['INTER'] })
        .allowed,
    ).toBe(true);
  });

  it('refuses INTRA and DOMESTIC cards when those are excluded', () => {
    expect(
      checkCardExclusions({ card: visaFr, organisationCountry: 'GB', excludedTypes: [], excludedRegions: ['INTRA'] }),
    ).toMatchObject({ allowed: false, excluded: 'INTRA' });
    const domestic = checkCardExclusions({
      card: amexGb,
      organisationCountry: 'GB',
      excludedTypes: [],
      excludedRegions: ['DOMESTIC'],
    });
    expect(domestic).toMatchObject({
      allowed: false,
      reason: 'region',
      excluded: 'DOMESTIC',
      accepted: ['INTRA', 'INTER'],
    });
  });

  it('checks the brand before the region', () => {
    expect(
      checkCardExclusions({
        card: amexGb,
        organisationCountry: 'GB',
        excludedTypes: ['AMEX'],
        excludedRegions: ['DOMESTIC'],
      }),
    ).toMatchObject({ reason: 'type' });
  });

  it('says so when nothing is left to accept', () => {
    const check = checkCardExclusions({
      card: visaFr,
      organisationCountry: 'GB',
      excludedTypes: ['VISA', 'MASTER', 'AMEX'],
      excludedRegions: [],
    });
    if (check.allowed) throw new Error('expected a refusal');
    expect(check.accepted).toEqual([]);
    expect(exclusionMessage(check)).toBe(
      'Visa cards are not accepted. No card is accepted; please choose another payment method',
    );
  });
});
