import { describe, expect, it } from 'vitest';
import { chosenInstalments, instalmentChoices } from '@/lib/core/groups/instalment-choices';
import type { MemberLink } from '@/lib/core/groups/member-link-states';
import { checkoutPageState } from '@/lib/core/hosted-checkout/checkout-page-state';
import type { HostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';

const at = new Date('2026-11-23T12:00:00Z');
const later = new Date('2027-06-01T00:00:00Z');
const link = (id: string, amount: number, state: MemberLink['state'] = 'unpaid', expiresAt = later): MemberLink => ({
  id,
  amount,
  currency: 'GBX',
  sequence: Number(id.slice(1)),
  dueAt: new Date(at.getTime() + Number(id.slice(1)) * 86_400_000),
  expiresAt,
  bookingId: 'b',
  state,
  paymentId: null,
});

describe('what a member may pay from one of their links', () => {
  const links = [link('l1', 100), link('l2', 200), link('l3', 300), link('l4', 400)];

  it('the first unpaid link: alone, then 2, 3... in due order up to all', () => {
    expect(instalmentChoices('l1', links, at).map((c) => [c.covered, c.amount, c.remainingAfter])).toEqual([
      [[], 100, 3],
      [['l2'], 300, 2],
      [['l2', 'l3'], 600, 1],
      [['l2', 'l3', 'l4'], 1000, 0],
    ]);
  });

  it('a later link: alone, or with every earlier unpaid one (never skipping one)', () => {
    expect(instalmentChoices('l3', links, at).map((c) => c.covered)).toEqual([[], ['l1', 'l2'], ['l1', 'l2', 'l4']]);
    expect(chosenInstalments('l3', ['l2', 'l1'], links, at)?.amount).toBe(600);
    expect(chosenInstalments('l3', ['l4'], links, at)).toBeNull();
    expect(chosenInstalments('l1', ['l3'], links, at)).toBeNull();
    expect(chosenInstalments('l1', ['l2', 'l2'], links, at)).toBeNull();
    expect(chosenInstalments('l1', ['other'], links, at)).toBeNull();
  });

  it('paid, in progress and expired links are not payable and are skipped over in the order', () => {
    const mixed = [
      link('l1', 100, 'paid'),
      link('l2', 200, 'in_progress'),
      link('l3', 300),
      link('l4', 400, 'unpaid', at),
    ];
    expect(instalmentChoices('l3', mixed, at).map((c) => c.covered)).toEqual([[]]);
    expect(instalmentChoices('l1', mixed, at)).toEqual([]);
    expect(instalmentChoices('l4', mixed, at)).toEqual([]);
    expect(chosenInstalments('l3', ['l2'], mixed, at)).toBeNull();
  });
});

describe('checkout page state of a member link', () => {
  const base = { expiresAt: later, latest: null } as unknown as HostedCheckout;
  it('an automatic collection being charged shows confirming, not the form', () => {
    expect(checkoutPageState({ ...base, member: { collecting: true } as HostedCheckout['member'] }, at)).toBe(
      'confirming',
    );
    expect(checkoutPageState({ ...base, member: { collecting: false } as HostedCheckout['member'] }, at)).toBe(
      'active',
    );
  });
});
