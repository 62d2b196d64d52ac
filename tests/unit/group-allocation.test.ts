import { describe, expect, it } from 'vitest';
import { instalmentTotals, memberInstalments } from '@/lib/core/groups/allocation';
import { allocateShares } from '@/lib/core/groups/schedule-rules';
import { MAX_MINOR_UNITS } from '@/lib/core/shared/money-schema';
import { AppError } from '@/lib/http/app-error';
import { prng } from './support/prng';


const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/** A random amount: mostly small (where remainders bite), sometimes up to the API's maximum. */
function amount(random: () => number, max: number): number {
  const scale = random() < 0.2 ? max : random() < 0.5 ? 1000 : 100_000;
  return 1 + Math.floor(random() * Math.min(scale, max));
}

function randomGroup(random: () => number) {
  const count = Math.floor(random() * 13); // 0 to 12 instalments
  const schedule = Array.from({ length: count }, () => amount(random, MAX_MINOR_UNITS / 12));
  const members = Math.floor(random() * 25);
  const equal = random() < 0.4;
  const shares = equal && count > 0
    ? new Array<number>(members).fill(sum(schedule))
    : Array.from({ length: members }, () => amount(random, MAX_MINOR_UNITS));
  return { schedule, shares, equal: equal && count > 0 };
}

describe('group allocation (largest remainder), property test', () => {
  it('never loses or invents a penny over 5 000 random groups', () => {
    let accepted = 0;
    let refused = 0;
    for (let seed = 1; seed <= 5000; seed++) {
      const random = prng(seed);
      const { schedule, shares, equal } = randomGroup(random);
      let allocations: number[][];
      try {
        allocations = allocateShares(shares, schedule);
      } catch (error) {
        // Refused only for the two rules: equal shares not summing to the schedule, a split that holds a zero.
        expect(error, `seed ${seed}`).toBeInstanceOf(AppError);
        if ((error as AppError).code === 'group.schedule_sum_mismatch') {
          expect(shares.every((share) => share === shares[0]) && sum(schedule) !== shares[0], `seed ${seed}`).toBe(true);
        } else {
          expect((error as AppError).code, `seed ${seed}`).toBe('group.share_too_small');
          expect(shares.some((share) => memberInstalments(share, schedule).some((part) => part < 1)), `seed ${seed}`).toBe(true);
        }
        refused += 1;
        continue;
      }
      accepted += 1;
      // Plain checks (expect per part would make 5 000 groups slow); the first broken one fails with its seed.
      const broken = (what: string) => { throw new Error(`seed ${seed}: ${what}`); };
      allocations.forEach((parts, index) => {
        if (parts.length !== Math.max(schedule.length, 1)) broken(`member ${index} has ${parts.length} instalments`);
        if (sum(parts) !== shares[index]) broken(`member ${index}'s instalments sum to ${sum(parts)}, not ${shares[index]}`);
        if (parts.some((part) => !Number.isInteger(part) || part < 1)) broken(`member ${index} has an instalment below 1: ${parts.join(', ')}`);
        if (equal && parts.some((part, i) => part !== schedule[i])) broken(`equal share got ${parts.join(', ')}, not the schedule ${schedule.join(', ')}`);
      });
      const totals = instalmentTotals(allocations, schedule.length);
      totals.forEach((total, i) => { if (total !== sum(allocations.map((parts) => parts[i]!))) broken(`instalment ${i + 1} total ${total}`); });
      if (sum(totals) !== sum(shares)) broken(`instalment totals sum to ${sum(totals)}, shares to ${sum(shares)}`);
    }
    expect(accepted).toBeGreaterThan(2500);
    expect(refused).toBeGreaterThan(0);
  });

  it('gives a share equal to the schedule\'s sum exactly the schedule, even at the largest amounts', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const random = prng(10_000 + seed);
      const schedule = Array.from({ length: 1 + Math.floor(random() * 12) }, () => 1 + Math.floor(random() * (MAX_MINOR_UNITS / 12)));
      expect(memberInstalments(sum(schedule), schedule), `seed ${seed}`).toEqual(schedule);
    }
  });

  it('refuses a schedule that does not sum to the share when every member owes the same', () => {
    expect(() => allocateShares([300, 300], [100, 100])).toThrow(expect.objectContaining({ code: 'group.schedule_sum_mismatch' }));
    expect(allocateShares([300, 300], [100, 200])).toEqual([[100, 200], [100, 200]]);
  });

  it('scales unequal shares, and refuses a share that would leave an instalment at zero', () => {
    expect(allocateShares([1000, 500], [1, 1, 2])).toEqual([[250, 250, 500], [125, 125, 250]]);
    expect(() => allocateShares([3, 500], [1, 1, 100])).toThrow(expect.objectContaining({ code: 'group.share_too_small' }));
    expect(allocateShares([7], [])).toEqual([[7]]);
  });
});
