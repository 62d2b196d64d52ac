import type { PortalMember } from './portal-read';

/** Where money stands: collected, overdue (unpaid past its due date), outstanding (unpaid, not yet due); they sum to total. */
export type Progress = { total: number; collected: number; overdue: number; outstanding: number };

export function memberProgress(member: Pick<PortalMember, 'amount' | 'paid_amount' | 'overdue_amount'>): Progress {
  const collected = Math.min(member.paid_amount, member.amount);
  const overdue = Math.min(member.overdue_amount, member.amount - collected);
  return { total: member.amount, collected, overdue, outstanding: member.amount - collected - overdue };
}

/** The whole group: the members' progress summed (so the group's bar and the members' bars always agree). */
export function groupProgress(members: readonly PortalMember[]): Progress {
  return members.map(memberProgress).reduce(
    (sum, p) => ({
      total: sum.total + p.total,
      collected: sum.collected + p.collected,
      overdue: sum.overdue + p.overdue,
      outstanding: sum.outstanding + p.outstanding,
    }),
    { total: 0, collected: 0, overdue: 0, outstanding: 0 },
  );
}

const rank = { overdue: 0, outstanding: 1, paid: 2 } as const;

/**
 * Who is behind first (issue 17 item 14): overdue members (the most overdue first), then those
 * still paying, then those who have paid; otherwise the group's order (position), which
 * Array.prototype.sort keeps, being stable.
 */
export function behindFirst<M extends Pick<PortalMember, 'status' | 'overdue_amount'>>(members: readonly M[]): M[] {
  return [...members].sort(
    (a, b) => rank[a.status] - rank[b.status] || (a.status === 'overdue' ? b.overdue_amount - a.overdue_amount : 0),
  );
}
