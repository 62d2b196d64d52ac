import { AppError } from '@/lib/http/app-error';
import { allocateGroup, memberInstalments, SplitTooSmall } from './allocation';
import { MAX_INSTALMENTS } from './group-input';

export type ScheduleEntry = { amount: number; dueAt: Date };

/**
 * The schedule rules of docs/groups.md "Validation at creation", shared by
 * create and the portal's setSchedule: at most 12 instalments, amounts at
 * least 1, due dates strictly ascending, and in the future; `mustBeFuture`
 * exempts instalments a schedule change keeps as they were (they may have fallen due).
 */
export function checkSchedule(
  schedule: readonly ScheduleEntry[],
  at: Date,
  mustBeFuture: (index: number) => boolean = () => true,
): void {
  if (schedule.length > MAX_INSTALMENTS)
    throw new AppError('group.too_many_instalments', `A group has at most ${MAX_INSTALMENTS} instalments.`);
  schedule.forEach((entry, index) => {
    if (!Number.isInteger(entry.amount) || entry.amount < 1)
      throw new AppError(
        'group.instalment_amount_invalid',
        `installments[${index}].amount must be a whole number of minor units, at least 1.`,
      );
    if (index > 0 && entry.dueAt.getTime() <= schedule[index - 1]!.dueAt.getTime()) {
      throw new AppError(
        'group.due_dates_not_ascending',
        `installments[${index}].due_at must be after installments[${index - 1}].due_at: due dates are strictly ascending.`,
      );
    }
    if (mustBeFuture(index) && entry.dueAt.getTime() <= at.getTime()) {
      throw new AppError('group.due_date_past', `installments[${index}].due_at must be in the future.`);
    }
  });
}

/**
 * Shares against the schedule: when every member owes the same amount the
 * schedule must sum to it (the interface's rule); otherwise it is a set of
 * weights. Returns each member's instalments, rows and columns exact
 * (allocateGroup); refused when a part cannot get at least one minor unit.
 */
export function allocateShares(
  shares: readonly number[],
  schedule: readonly number[],
  field = (index: number) => `members[${index}].amount`,
): number[][] {
  checkEqualShares(shares, schedule);
  try {
    return allocateGroup(shares, schedule);
  } catch (error) {
    if (!(error instanceof SplitTooSmall)) throw error;
    const who =
      error.member === null ? "The members' shares are" : `${field(error.member)} (${shares[error.member]}) is`;
    throw new AppError(
      'group.share_too_small',
      `${who} too small to give each of the ${schedule.length} instalments at least one minor unit.`,
    );
  }
}

/** One share split by the schedule as weights; refused when an instalment would get nothing. */
export function allocateShare(share: number, schedule: readonly number[], field = 'amount'): number[] {
  const parts = memberInstalments(share, schedule);
  if (parts.some((part) => part < 1)) {
    throw new AppError(
      'group.share_too_small',
      `${field} (${share}) is too small to give each of the ${schedule.length} instalments at least one minor unit.`,
    );
  }
  return parts;
}

/** When every member owes the same amount, the schedule must sum to it (the interface's rule). */
export function checkEqualShares(shares: readonly number[], schedule: readonly number[]): void {
  if (schedule.length === 0 || shares.length === 0 || !shares.every((share) => share === shares[0])) return;
  const sum = schedule.reduce((total, amount) => total + amount, 0);
  if (sum !== shares[0]) {
    throw new AppError(
      'group.schedule_sum_mismatch',
      `Every member owes ${shares[0]}: the instalment amounts must sum to it (they sum to ${sum}).`,
    );
  }
}
