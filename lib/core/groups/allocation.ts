import { splitByWeights } from '@/lib/money';

/**
 * A member's instalments: their share split by the schedule's amounts (largest
 * remainder, docs/groups.md "Allocation"). They sum exactly to the share and
 * equal the schedule when the share is the schedule's sum. No schedule: one
 * instalment, the whole share.
 */
export function memberInstalments(share: number, schedule: readonly number[]): number[] {
  if (schedule.length === 0) return [share];
  return splitByWeights(share, [...schedule]);
}

/** The group's per-instalment totals: the sums of its members' instalments, so nothing is lost or invented. */
export function instalmentTotals(allocations: readonly number[][], count: number): number[] {
  const totals = new Array<number>(Math.max(count, 1)).fill(0);
  for (const parts of allocations) parts.forEach((part, index) => { totals[index]! += part; });
  return totals;
}
