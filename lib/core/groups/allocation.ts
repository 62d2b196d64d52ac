/*
 * How a group's money is split over its instalments (docs/groups.md, "Allocation"), written once:
 * create, the portal's schedule change and add-member all call these. A member's row sums exactly to
 * their share, and an instalment's column sums exactly to its share of the group total (that total
 * split by the schedule's amounts, largest remainder): product.md section 7, "rows and columns".
 * Per-row rounding alone lost the columns (10001, 33333 and 7 over 1:1:1 gave 14448, 14447, 14446).
 */

/** A member's instalments on their own: their share split by the schedule's amounts (largest remainder). */
export function memberInstalments(share: number, schedule: readonly number[]): number[] {
  if (schedule.length === 0) return [share];
  return largestRemainder(share, schedule);
}

/** The group's per-instalment totals: the sums of its members' instalments. */
export function instalmentTotals(allocations: readonly number[][], count: number): number[] {
  const totals = new Array<number>(Math.max(count, 1)).fill(0);
  for (const parts of allocations)
    parts.forEach((part, index) => {
      totals[index]! += part;
    });
  return totals;
}

/**
 * Largest remainder in exact integer arithmetic (amounts times weights pass 2^53 at the API's limits):
 * floors, then one more unit to the largest remainders, ties to the earlier instalment.
 */
export function largestRemainder(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total <= 0n) throw new Error('weights must sum to more than zero');
  const cells = weights.map((w, index) => ({ index, product: BigInt(amount) * BigInt(w) }));
  const parts = cells.map((c) => Number(c.product / total));
  let left = amount - parts.reduce((sum, p) => sum + p, 0);
  const order = [...cells].sort((a, b) => compareBig(b.product % total, a.product % total) || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * Why a split cannot be made: some member's exact part of an instalment is under one minor unit, and
 * the row (`member`) or an instalment's total (`member` null) cannot give every such part one unit.
 */
export class SplitTooSmall extends Error {
  constructor(readonly member: number | null) {
    super(
      member === null
        ? 'an instalment total is too small to give every member at least one minor unit of it'
        : `member ${member} is too small to give every instalment at least one minor unit`,
    );
  }
}

/**
 * Controlled rounding of the matrix share_i × w_j / W: every cell is the floor or the ceiling of its
 * exact value, each row sums to its share, each column to the group total's largest-remainder split,
 * and every cell is at least 1 (a cell under one unit is rounded up). Cells are first rounded up by
 * largest remainder where both their row and column still lack a unit (so a lone member gets exactly
 * memberInstalments), then augmenting paths (a bipartite flow, rows to columns over the cells that may
 * move) place what greed could not. Throws SplitTooSmall when no such matrix exists (only when some
 * exact part is under one unit and the columns cannot give every member one). No schedule: one column.
 */
export function allocateGroup(shares: readonly number[], weights: readonly number[]): number[][] {
  if (weights.length === 0) return shares.map((share) => [share]);
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  const columns = largestRemainder(
    shares.reduce((sum, s) => sum + s, 0),
    weights,
  );
  const rowNeed: number[] = [];
  const colNeed = [...columns];
  // up: 0 = floor, 1 = ceiling; movable: the cell has a remainder and is not held up by the one-unit floor.
  const cells = shares.map((share, i) =>
    weights.map((w, j) => {
      const product = BigInt(share) * BigInt(w);
      const floor = Number(product / total);
      const remainder = product % total;
      return { i, j, floor, remainder, up: 0, movable: remainder > 0n };
    }),
  );
  cells.forEach((row, i) => {
    rowNeed[i] = shares[i]! - row.reduce((sum, c) => sum + c.floor, 0);
    row.forEach((c) => {
      colNeed[c.j]! -= c.floor;
    });
  });
  const raise = (c: (typeof cells)[number][number]) => {
    c.up = 1;
    rowNeed[c.i]! -= 1;
    colNeed[c.j]! -= 1;
  };
  // A part under one unit must be rounded up (every instalment gets at least one minor unit).
  for (const c of cells.flat())
    if (c.floor === 0 && c.movable) {
      raise(c);
      c.movable = false;
    }
  cells.forEach((_, i) => {
    if (rowNeed[i]! < 0) throw new SplitTooSmall(i);
  });
  const order = cells
    .flat()
    .filter((c) => c.movable)
    .sort((a, b) => compareBig(b.remainder, a.remainder) || a.i - b.i || a.j - b.j);
  for (const c of order) if (rowNeed[c.i]! > 0 && colNeed[c.j]! > 0) raise(c);
  for (let i = 0; i < shares.length; i++) {
    for (; rowNeed[i]! > 0; rowNeed[i]! -= 1) if (!augment(i, cells, colNeed)) throw new SplitTooSmall(i);
  }
  if (colNeed.some((need) => need !== 0)) throw new SplitTooSmall(null);
  return cells.map((row) => row.map((c) => c.floor + c.up));
}

type Cell = { i: number; j: number; up: number; movable: boolean };

/**
 * One more unit for row `start`: a path row → column (a movable cell not yet up) → row (a movable cell
 * up, given back) → … ending at a column that still lacks a unit; flipping it moves one unit along
 * without changing any other row's or column's sum. Breadth first over columns.
 */
function augment(start: number, cells: Cell[][], colNeed: number[]): boolean {
  const cameFrom = new Map<number, Cell>(); // column -> the cell that reached it
  const rowFrom = new Map<number, Cell>(); // row -> the (up) cell it was reached through
  const queue = [start];
  const seenRows = new Set([start]);
  while (queue.length > 0) {
    const i = queue.shift()!;
    for (const c of cells[i]!) {
      if (!c.movable || c.up === 1 || cameFrom.has(c.j)) continue;
      cameFrom.set(c.j, c);
      if (colNeed[c.j]! > 0) {
        colNeed[c.j]! -= 1;
        // Walk back: raise the cell into this column, lower the cell its row was reached through, and so on.
        let cell: Cell | undefined = c;
        while (cell) {
          cell.up = 1;
          const back = rowFrom.get(cell.i);
          if (!back) break;
          back.up = 0;
          cell = cameFrom.get(back.j);
        }
        return true;
      }
      for (const row of cells) {
        const down = row[c.j]!;
        if (down.movable && down.up === 1 && !seenRows.has(down.i)) {
          seenRows.add(down.i);
          rowFrom.set(down.i, down);
          queue.push(down.i);
        }
      }
    }
  }
  return false;
}

/**
 * A member added later: the other members' links stay as they are (they may have been emailed or
 * paid), so only the new row can keep the columns exact. Each of its parts is the floor or ceiling of
 * the member's exact part (at least 1), chosen so that each instalment's new total stays the floor or
 * ceiling of its exact share of the new group total (never off by a whole unit); among those, units go
 * by largest remainder. When the columns are off already (a removal since, links from before this
 * rule) and no such row exists, the member's own split.
 */
export function addedMemberRow(share: number, weights: readonly number[], columns: readonly number[]): number[] {
  if (weights.length === 0) return [share];
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  const groupTotal = BigInt(columns.reduce((sum, c) => sum + c, 0) + share);
  const bounds = weights.map((w, j) => {
    const own = roundings(BigInt(share) * BigInt(w), total);
    const column = roundings(groupTotal * BigInt(w), total);
    const lo = Math.max(own.floor, column.floor - (columns[j] ?? 0), 1);
    const hi = Math.min(own.ceiling, column.ceiling - (columns[j] ?? 0));
    return { j, lo, hi, remainder: (BigInt(share) * BigInt(w)) % total };
  });
  const low = bounds.reduce((sum, b) => sum + b.lo, 0);
  const high = bounds.reduce((sum, b) => sum + Math.max(b.hi, b.lo), 0);
  if (bounds.some((b) => b.lo > b.hi) || share < low || share > high) return memberInstalments(share, weights);
  const row = bounds.map((b) => b.lo);
  let left = share - low;
  for (const b of [...bounds].sort((x, y) => compareBig(y.remainder, x.remainder) || x.j - y.j)) {
    const extra = Math.min(left, b.hi - b.lo);
    row[b.j]! += extra;
    left -= extra;
  }
  return row;
}

function roundings(product: bigint, total: bigint): { floor: number; ceiling: number } {
  const floor = Number(product / total);
  return { floor, ceiling: product % total === 0n ? floor : floor + 1 };
}

const compareBig = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
