import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostedCardCheck } from '@/lib/core/hosted-checkout/hosted-card-check';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { actionRequest } from '../support/action-request';

// The action as the link's page posts it (support/action-request.ts stands in for Next's request scope).
vi.mock('next/headers', async () => (await import('../support/action-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../support/action-request')).nextNavigation);
const { cardCheckAction } = await import('@/app/[locale]/[payment_link_id]/card-entry/card-check-action');

withTestDatabase();

const bin = (number: string) => number.replace(/\s+/g, '').slice(0, 8);

/*
 * The card check behind the page: the facts and the rules before any
 * authorisation, from the same quoteCard payByCard enforces; and the limits of
 * what it takes (a BIN of 8 digits, never a number) and gives back (facts only).
 */
describe('hostedCardCheck / cardCheckAction', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('names an exclusion with what is accepted, and the payment is then refused the same way', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { excluded_card_types: ['AMEX'] });
    actionRequest(`/${link}`);
    expect(await cardCheckAction({ linkId: link, bin: '37000000', lastFour: '0002' })).toEqual({
      status: 'excluded',
      card: { brand: 'AMEX', funding: 'credit', cardClass: 'consumer', issuingCountry: 'GB', lastFour: '0002' },
      exclusion: { reason: 'type', excluded: 'AMEX', accepted: ['VISA', 'MASTER'] },
    });
    expect(await pay(link, cards.amex)).toMatchObject({
      outcome: 'rejected',
      exclusion: { reason: 'type', excluded: 'AMEX' },
    });
  });

  it('a surcharge and a DCC offer for the cards that carry them; nothing for a plain GB card', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, {
      amount: 10_000,
      surcharging_enabled: true,
      dcc_enabled: true,
    });
    expect(await hostedCardCheck(link, { kind: 'bin', bin: '52008300', lastFour: '0007' })).toMatchObject({
      status: 'accepted',
      total: 10_150,
      surcharge: { amount: 150, class: 'commercial' },
      dcc: null,
    });
    expect(await hostedCardCheck(link, { kind: 'bin', bin: bin('4400 0000 0000 0008') })).toMatchObject({
      status: 'accepted',
      total: 10_250,
      surcharge: { amount: 250, class: 'international' },
      dcc: { currency: 'USX', markupBps: 300 },
      card: { lastFour: null },
    });
    expect(await hostedCardCheck(link, { kind: 'bin', bin: '41111111', lastFour: '1111' })).toMatchObject({
      status: 'accepted',
      total: 10_000,
      surcharge: null,
      dcc: null,
    });
  });

  it('takes a BIN of exactly 8 digits: a full number is no lookup, and is never looked up', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { excluded_card_types: ['AMEX'] });
    actionRequest(`/${link}`);
    expect(await cardCheckAction({ linkId: link, bin: '370000000000002' })).toEqual({ status: 'unknown' });
    expect(await cardCheckAction({ linkId: link, bin: '37000000', number: '370000000000002' })).toEqual({
      status: 'unknown',
    });
    expect(await cardCheckAction({ linkId: 'not-a-link', bin: '37000000' })).toEqual({ status: 'unknown' });
  });

  it('an unknown BIN on a link whose rules need the facts is unverified; a paid link is unavailable', async () => {
    const { admin, parentId } = await createTenant();
    const ruled = await createLinkVia(admin.token, parentId, { excluded_card_regions: ['INTER'] });
    expect(await hostedCardCheck(ruled, { kind: 'bin', bin: '12345678' })).toEqual({ status: 'unverified' });
    const paid = await createLinkVia(admin.token, parentId);
    expect(await pay(paid, cards.visa)).toMatchObject({ outcome: 'paid' });
    expect(await hostedCardCheck(paid, { kind: 'bin', bin: '41111111' })).toEqual({ status: 'unavailable' });
  });

  it('in production a BIN alone is never looked up (only adyen-web encrypted numbers are)', async () => {
    const { admin, parentId } = await createTenant();
    const link = await createLinkVia(admin.token, parentId, { excluded_card_types: ['AMEX'] });
    vi.stubEnv('MODE', 'production');
    expect(await hostedCardCheck(link, { kind: 'bin', bin: '37000000' })).toEqual({ status: 'unverified' });
  });
});
