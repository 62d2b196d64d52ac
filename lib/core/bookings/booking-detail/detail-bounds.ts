/**
 * How many of each kind a booking's detail shows (docs/dashboard.md "Read models"): 25, the list pages' page, so
 * a booking with thousands of payments or audit records costs what a small one does. Each list is read with one
 * more row than its bound, so `more` says truthfully whether the list was cut, and `total` how many there are in
 * all (detail-counts.ts); the page then says "showing 25 of 1 234" and links to the full list where a list page
 * filters by booking. Transactions, links, sessions, credit notes, refunds and chargebacks newest first;
 * scheduled payments by date, oldest first; audit newest first.
 */
export const DETAIL_BOUNDS = {
  transactions: 25,
  payment_links: 25,
  ecommerce_sessions: 25,
  scheduled_payments: 25,
  approvals: 20,
  groups: 10,
  credit_notes: 25,
  refunds: 25,
  chargebacks: 25,
  audit: 25,
} as const;

export type Bounded<T> = { items: T[]; more: boolean; total: number };

/** `rows` read with limit bound + 1: the first `bound`, whether there were more, and the list's `total`. */
export function bounded<R, T>(rows: R[], bound: number, map: (row: R) => T, total: number): Bounded<T> {
  return { items: rows.slice(0, bound).map(map), more: rows.length > bound, total };
}
