import { describe, expect, it } from 'vitest';
import { groupWhileBusy } from '@/lib/group-while-busy';

/** A run whose groups are recorded and released by hand, so the test decides what arrives while one is running. */
function recordedRun() {
  const groups: number[][] = [];
  const pending: (() => void)[] = [];
  const run = (items: number[]) => {
    groups.push(items);
    return new Promise<number[]>((resolve, reject) => {
      pending.push(() =>
        items.includes(-1) ? reject(new Error('statement failed')) : resolve(items.map((n) => n * 10)),
      );
    });
  };
  const releaseNext = async () => {
    pending.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { groups, run, releaseNext };
}

describe('groupWhileBusy (group commit for the runner settling its charges)', () => {
  it('runs the first item alone at once, then everything that arrived meanwhile as one group, in order', async () => {
    const { groups, run, releaseNext } = recordedRun();
    const settle = groupWhileBusy(run, 50);
    const first = settle(1);
    const later = [settle(2), settle(3), settle(4)];
    expect(groups).toEqual([[1]]);
    await releaseNext();
    expect(await first).toBe(10);
    expect(groups).toEqual([[1], [2, 3, 4]]);
    await releaseNext();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it('never puts more than `max` items in one group', async () => {
    const { groups, run, releaseNext } = recordedRun();
    const settle = groupWhileBusy(run, 2);
    const all = [1, 2, 3, 4, 5].map((n) => settle(n));
    while (groups.length < 3) await releaseNext();
    await releaseNext();
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
    expect(groups).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('rejects every item of a failed group with its error, and goes on with the next group', async () => {
    const { groups, run, releaseNext } = recordedRun();
    const settle = groupWhileBusy(run, 50);
    const first = settle(1);
    // Settled promptly into their outcomes, so no rejection is left unhandled while the test waits.
    const outcome = (p: Promise<number>) => p.then(String, (error: Error) => error.message);
    const failing = [settle(2), settle(-1)].map(outcome);
    const after = outcome(settle(4));
    await releaseNext();
    await releaseNext();
    expect(await Promise.all(failing)).toEqual(['statement failed', 'statement failed']);
    expect(groups).toEqual([[1], [2, -1, 4]]);
    await expect(first).resolves.toBe(10);
    // 4 went in the failing group too: it is rejected with it; a later item runs in a group of its own.
    expect(await after).toBe('statement failed');
    const next = settle(5);
    await releaseNext();
    expect(await next).toBe(50);
  });
});
