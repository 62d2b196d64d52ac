import { describe, expect, it } from 'vitest';
import { memberInstalments } from '@/lib/core/groups/allocation';
import type { LockedLink } from '@/lib/core/groups/lock-group';
import { planSchedule, type PlannedInstalment } from '@/lib/core/groups/schedule-plan';
import { AppError } from '@/lib/http/app-error';
import { prng } from './support/prng';

const DAY = 86_400_000;
const schedule = (amounts: number[], firstDay = 10): PlannedInstalment[] =>
  amounts.map((amount, i) => ({
    sequence: i + 1,
    amount,
    dueAt: new Date(Date.UTC(2030, 0, 1) + (firstDay + i * 30) * DAY),
  }));

function linksFor(
  memberId: string,
  share: number,
  current: PlannedInstalment[],
  busy: (sequence: number) => boolean,
): LockedLink[] {
  return memberInstalments(
    share,
    current.map((i) => i.amount),
  ).map((amount, i) => ({
    id: `${memberId}-${i}`,
    member_id: memberId,
    instalment_sequence: current[i]?.sequence ?? null,
    amount,
    due_at: current[i]?.dueAt ?? null,
    busy: busy(current[i]?.sequence ?? 0),
  }));
}

describe('a schedule change re-splits what each member still owes (property test)', () => {
  it(
    'keeps paid links, and kept plus new links sum to the share with every new link at least 1, over 3 000 random changes',
    { timeout: 30_000 },
    () => {
      let checked = 0;
      for (let seed = 1; seed <= 3000; seed++) {
        const random = prng(seed);
        const current = schedule(
          Array.from({ length: 1 + Math.floor(random() * 12) }, () => 1 + Math.floor(random() * 50_000)),
        );
        const share = current.length + Math.floor(random() * 2_000_000);
        const paid = new Set(current.filter(() => random() < 0.25).map((i) => i.sequence));
        const links = linksFor('m', share, current, (sequence) => paid.has(sequence));
        // The new schedule keeps the frozen (paid) instalments and changes or adds others.
        const length = Math.max(Math.max(0, ...paid), Math.floor(random() * 13));
        const wanted = schedule(
          Array.from({ length }, (_, i) => (paid.has(i + 1) ? current[i]!.amount : 1 + Math.floor(random() * 50_000))),
        );
        for (const sequence of paid) wanted[sequence - 1] = current[sequence - 1]!;
        let plan;
        try {
          plan = planSchedule([{ id: 'm', amount: share }], links, wanted, paid)[0]!;
        } catch (error) {
          expect((error as AppError).code, `seed ${seed}`).toBe('group.share_too_small');
          continue;
        }
        checked += 1;
        const removed = new Set(plan.remove.map((l) => l.id));
        for (const link of links.filter((l) => l.busy))
          expect(removed.has(link.id), `seed ${seed}: a paid link was removed`).toBe(false);
        const kept = links.filter((l) => !removed.has(l.id));
        const total = kept.reduce((sum, l) => sum + l.amount, 0) + plan.create.reduce((sum, l) => sum + l.amount, 0);
        if (total !== share) throw new Error(`seed ${seed}: links sum to ${total}, share ${share}`);
        if (plan.create.some((l) => l.amount < 1)) throw new Error(`seed ${seed}: a new link below 1`);
        const sequences = [...kept, ...plan.create.map((l) => ({ instalment_sequence: l.sequence }))].map(
          (l) => l.instalment_sequence,
        );
        if (new Set(sequences).size !== sequences.length) throw new Error(`seed ${seed}: two links for one instalment`);
      }
      expect(checked).toBeGreaterThan(2500);
    },
  );

  it('keeps an open link whose amount and due date do not change, and replaces the rest', () => {
    const current = schedule([100, 200]);
    const links = linksFor('m', 300, current, () => false);
    const plan = planSchedule([{ id: 'm', amount: 300 }], links, schedule([100, 100, 100]), new Set())[0]!;
    expect(plan.remove.map((l) => l.id)).toEqual(['m-1']);
    expect(plan.create.map((l) => [l.sequence, l.amount])).toEqual([
      [2, 100],
      [3, 100],
    ]);
  });

  it('gives a member with nothing left owing no new links, and refuses a schedule that leaves a debt nowhere to go', () => {
    const current = schedule([100, 200]);
    const allPaid = linksFor('m', 300, current, () => true);
    expect(planSchedule([{ id: 'm', amount: 300 }], allPaid, current, new Set([1, 2]))[0]).toEqual({
      memberId: 'm',
      create: [],
      remove: [],
    });
    const firstPaid = linksFor('m', 300, current, (s) => s === 1);
    expect(() => planSchedule([{ id: 'm', amount: 300 }], firstPaid, current.slice(0, 1), new Set([1]))[0]).toThrow(
      expect.objectContaining({ code: 'group.share_too_small' }),
    );
  });

  it('splits what every member owes at once: each open instalment sums exactly across members (10001, 33333, 7 over 1:1:1)', () => {
    const current = schedule([1]);
    const shares = { a: 10001, b: 33333, c: 7 };
    const members = Object.entries(shares).map(([id, amount]) => ({ id, amount }));
    const links = members.flatMap((m) => linksFor(m.id, m.amount, current, () => false));
    const plans = planSchedule(members, links, schedule([1, 1, 1]), new Set());
    const column = (sequence: number) =>
      plans
        .flatMap((p) => p.create)
        .filter((l) => l.sequence === sequence)
        .reduce((sum, l) => sum + l.amount, 0);
    expect([column(1), column(2), column(3)]).toEqual([14447, 14447, 14447]);
    plans.forEach((plan, i) => expect(plan.create.reduce((sum, l) => sum + l.amount, 0)).toBe(members[i]!.amount));
  });

  it('keeps a paid instalment and splits the rest of every member exactly across the open instalments', () => {
    const current = schedule([100, 100]);
    const members = [
      { id: 'a', amount: 200 },
      { id: 'b', amount: 101 },
      { id: 'c', amount: 101 },
    ];
    const links = members.flatMap((m) => linksFor(m.id, m.amount, current, (s) => m.id === 'a' && s === 1));
    const plans = planSchedule(members, links, schedule([100, 50, 50]), new Set([1]));
    // Owed over instalments 2 and 3 (1:1): a 100, b 50, c 50 (b and c keep their 51 of instalment 1): 100 each.
    const column = (sequence: number) =>
      plans
        .flatMap((p) => p.create)
        .filter((l) => l.sequence === sequence)
        .reduce((sum, l) => sum + l.amount, 0);
    expect([column(2), column(3)]).toEqual([100, 100]);
  });
});
