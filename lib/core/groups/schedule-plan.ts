import { AppError } from '@/lib/http/app-error';
import { splitByWeights } from '@/lib/money';
import type { LinkInstalment } from './member-links';
import type { LockedLink } from './lock-group';

export type PlannedInstalment = { sequence: number; amount: number; dueAt: Date };
export type MemberPlan = { memberId: string; create: LinkInstalment[]; remove: LockedLink[] };

/**
 * What a new schedule does to one member's links (docs/groups.md, API):
 * busy links (paid or being paid) and links of frozen instalments (ones
 * anybody paid, kept unchanged) stay; what the member still owes beyond them
 * is split over the other new instalments by their amounts as weights. An
 * open link that already has its target amount and due date stays (its id,
 * perhaps emailed, keeps working); every other open link is replaced.
 */
export function planMember(
  member: { id: string; amount: number },
  links: readonly LockedLink[],
  schedule: readonly PlannedInstalment[],
  frozen: ReadonlySet<number>,
  field: string,
): MemberPlan {
  const isKept = (link: LockedLink) => link.busy || (link.instalment_sequence !== null && frozen.has(link.instalment_sequence));
  const kept = links.filter(isKept);
  const open = links.filter((link) => !isKept(link));
  const owed = member.amount - kept.reduce((sum, link) => sum + link.amount, 0);
  const targets = owed > 0 ? targetsFor(owed, schedule.filter((entry) => !frozen.has(entry.sequence)), schedule.length, field) : [];
  const create: LinkInstalment[] = [];
  const stays = new Set<string>();
  for (const target of targets) {
    const same = open.find((link) => !stays.has(link.id) && link.instalment_sequence === target.sequence && link.amount === target.amount
      && (link.due_at?.getTime() ?? null) === (target.dueAt?.getTime() ?? null));
    if (same) stays.add(same.id);
    else create.push(target);
  }
  return { memberId: member.id, create, remove: open.filter((link) => !stays.has(link.id)) };
}

function targetsFor(owed: number, open: readonly PlannedInstalment[], scheduleLength: number, field: string): LinkInstalment[] {
  if (scheduleLength === 0) return [{ sequence: null, amount: owed, dueAt: null }];
  if (open.length === 0) {
    throw new AppError('group.share_too_small', `${field} still owes ${owed}, and the new schedule leaves no unpaid instalment to owe it in.`);
  }
  const parts = splitByWeights(owed, open.map((entry) => entry.amount));
  if (parts.some((part) => part < 1)) {
    throw new AppError('group.share_too_small', `${field} still owes ${owed}: too little to give each of the ${open.length} open instalments at least one minor unit.`);
  }
  return open.map((entry, index) => ({ sequence: entry.sequence, amount: parts[index]!, dueAt: entry.dueAt }));
}
