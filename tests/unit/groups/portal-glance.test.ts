import { describe, expect, it } from 'vitest';
import { behindFirst, groupProgress, memberProgress } from '@/lib/core/groups/portal-progress';
import type { PortalMember } from '@/lib/core/groups/portal-read';
import { actionPage } from '@/lib/http/action-page';
import { portalGroupId, portalTarget } from '@/lib/http/portal-paths';

/* The portal at a glance (issue 17 item 14) and the paths of the export and the member page. */

const member = (name: string, fields: Partial<PortalMember>): PortalMember => ({
  id: name,
  customer_name: name,
  email: null,
  amount: 30000,
  paid_amount: 0,
  remaining: 30000,
  overdue_amount: 0,
  status: 'outstanding',
  next_due_at: null,
  auto_collect: false,
  next_link_url: null,
  ...fields,
});

describe('who is behind comes first', () => {
  it('overdue (most overdue first), then still paying, then paid; the group order otherwise', () => {
    const members = [
      member('paid', { status: 'paid', paid_amount: 30000, remaining: 0 }),
      member('outstanding-1', {}),
      member('overdue-small', { status: 'overdue', overdue_amount: 5000 }),
      member('outstanding-2', { paid_amount: 15000, remaining: 15000 }),
      member('overdue-large', { status: 'overdue', overdue_amount: 15000 }),
      member('overdue-small-2', { status: 'overdue', overdue_amount: 5000 }),
    ];
    expect(behindFirst(members).map((m) => m.id)).toEqual([
      'overdue-large',
      'overdue-small',
      'overdue-small-2',
      'outstanding-1',
      'outstanding-2',
      'paid',
    ]);
    // A copy: the read's own order (the API's) is left as it was.
    expect(members[0]!.id).toBe('paid');
  });
});

describe('progress: collected, overdue, not yet due', () => {
  it('a member and the group sum to their totals', () => {
    const a = member('a', { paid_amount: 10000, remaining: 20000, overdue_amount: 5000, status: 'overdue' });
    const b = member('b', { amount: 12345, paid_amount: 12345, remaining: 0, status: 'paid' });
    expect(memberProgress(a)).toEqual({ total: 30000, collected: 10000, overdue: 5000, outstanding: 15000 });
    expect(memberProgress(b)).toEqual({ total: 12345, collected: 12345, overdue: 0, outstanding: 0 });
    expect(groupProgress([a, b])).toEqual({ total: 42345, collected: 22345, overdue: 5000, outstanding: 15000 });
    expect(groupProgress([])).toEqual({ total: 0, collected: 0, overdue: 0, outstanding: 0 });
  });

  it('never shows more than the share (a paid amount above it, overdue above what remains)', () => {
    expect(memberProgress(member('x', { amount: 100, paid_amount: 150, overdue_amount: 50 }))).toEqual({
      total: 100,
      collected: 100,
      overdue: 0,
      outstanding: 0,
    });
  });
});

describe('paths', () => {
  const id = '3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e4f';
  it("a portal domain serves the group's CSV export and a member's own page; the export is no token entry", () => {
    expect(portalTarget(`/groups/${id}/export`)).toEqual({ kind: 'group', id });
    expect(portalTarget(`/fr/groups/${id}/export`)).toEqual({ kind: 'group', id });
    expect(portalTarget(`/groups/${id}/export/more`)).toBeNull();
    expect(portalGroupId(`/groups/${id}/export`)).toBeNull();
    expect(portalTarget(`/${id}/member`)).toEqual({ kind: 'payment_link', id });
    expect(portalTarget(`/ar/${id.toUpperCase()}/member/`)).toEqual({ kind: 'payment_link', id });
    expect(portalTarget(`/${id}/members`)).toBeNull();
    // The card replacement and its 3-D Secure return are the member's link's pages too.
    expect(portalTarget(`/${id}/member/card`)).toEqual({ kind: 'payment_link', id });
    expect(portalTarget(`/de/${id}/member/card/return`)).toEqual({ kind: 'payment_link', id });
    expect(portalTarget(`/${id}/member/cards`)).toBeNull();
  });

  it("the member page's form acts on the page's own link", () => {
    expect(actionPage(`/${id}/member`)).toEqual({ kind: 'member', id, locale: 'en-GB' });
    expect(actionPage(`/cy/${id}/member`)).toEqual({ kind: 'member', id, locale: 'cy' });
    expect(actionPage(`/${id}`)).toEqual({ kind: 'payment_link', id, locale: 'en-GB' });
    expect(actionPage(`/fr/${id}/member/card`)).toEqual({ kind: 'member_card', id, locale: 'fr' });
    // The return is a page, not a form: no action is posted to it.
    expect(actionPage(`/${id}/member/card/return`)).toBeNull();
  });
});
