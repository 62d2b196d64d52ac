import { AppError } from '@/lib/http/app-error';
import { allocateGroup, SplitTooSmall } from './allocation';
import type { LinkInstalment } from './member-links';
import type { LockedLink } from './lock-group';

export type PlannedInstalment = { sequence: number; amount: number; dueAt: Date };
export type MemberPlan = { memberId: string; create: LinkInstalment[]; remove: LockedLink[] };

/**
 * What a new schedule does to every member's links (docs/groups.md, API):
 * busy links (paid or being paid) and links of frozen instalments (ones
 * anybody paid, kept unchanged) stay; what each member still owes beyond them
 * is split over the other new instalments by their amounts as weights, for
 * all members at once (allocateGroup: each member's row and each open
 * instalment's total across members exact). An open link that already has its
 * target amount and due date stays (its id, perhaps emailed, keeps working);
 * every other open link is replaced. Plans come in the members' order.
 */
export function planSchedule(
  members: readonly { id: string; amount: number }[],
  links: readonly LockedLink[],
  schedule: readonly PlannedInstalment[],
  frozen: ReadonlySet<number>,
): MemberPlan[] {
  const isKept = (link: LockedLink) =>
    link.busy || (link.instalment_sequence !== null && frozen.has(link.instalment_sequence));
  const rows = members.map((member) => {
    const own = links.filter((link) => link.member_id === member.id);
    const kept = own.filter(isKept);
    return {
      member,
      open: own.filter((link) => !isKept(link)),
      owed: member.amount - kept.reduce((sum, link) => sum + link.amount, 0),
    };
  });
  const targets = targetsFor(
    rows.map((row) => row.owed),
    schedule,
    frozen,
  );
  return rows.map(({ member, open }, index) => {
    const create: LinkInstalment[] = [];
    const stays = new Set<string>();
    for (const target of targets[index]!) {
      const same = open.find(
        (link) =>
          !stays.has(link.id) &&
          link.instalment_sequence === target.sequence &&
          link.amount === target.amount &&
          (link.due_at?.getTime() ?? null) === (target.dueAt?.getTime() ?? null),
      );
      if (same) stays.add(same.id);
      else create.push(target);
    }
    return { memberId: member.id, create, remove: open.filter((link) => !stays.has(link.id)) };
  });
}

/** Each member's new links: what they owe over the open (not frozen) instalments, rows and columns exact. */
function targetsFor(
  owed: readonly number[],
  schedule: readonly PlannedInstalment[],
  frozen: ReadonlySet<number>,
): LinkInstalment[][] {
  const field = (index: number) => `members[${index}]`;
  if (schedule.length === 0) return owed.map((amount) => (amount > 0 ? [{ sequence: null, amount, dueAt: null }] : []));
  const open = schedule.filter((entry) => !frozen.has(entry.sequence));
  const owing = owed.flatMap((amount, index) => (amount > 0 ? [{ amount, index }] : []));
  if (owing.length === 0) return owed.map(() => []);
  if (open.length === 0) {
    throw new AppError(
      'group.share_too_small',
      `${field(owing[0]!.index)} still owes ${owing[0]!.amount}, and the new schedule leaves no unpaid instalment to owe it in.`,
    );
  }
  let rows: number[][];
  try {
    rows = allocateGroup(
      owing.map((o) => o.amount),
      open.map((entry) => entry.amount),
    );
  } catch (error) {
    if (!(error instanceof SplitTooSmall)) throw error;
    const who =
      error.member === null
        ? 'What the members still owe is'
        : `${field(owing[error.member]!.index)} still owes ${owing[error.member]!.amount}:`;
    throw new AppError(
      'group.share_too_small',
      `${who} too little to give each of the ${open.length} open instalments at least one minor unit.`,
    );
  }
  const targets: LinkInstalment[][] = owed.map(() => []);
  owing.forEach(({ index }, row) => {
    targets[index] = open.map((entry, j) => ({ sequence: entry.sequence, amount: rows[row]![j]!, dueAt: entry.dueAt }));
  });
  return targets;
}
