/**
 * How many of each kind a booking's detail shows (docs/dashboard.md "Read models"). Each list is read with
 * one more row than its bound, so `more` says truthfully whether the list was cut; the page links to the
 * full list (the API's filtered lists) when it was. Transactions, links, sessions, credit notes, refunds
 * and chargebacks newest first; scheduled payments by date, oldest first; audit newest first.
 */
export const DETAIL_BOUNDS = {
  transactions: 50,
  payment_links: 50,
  ecommerce_sessions: 50,
  scheduled_payments: 100,
  approvals: 20,
  groups: 10,
  credit_notes: 50,
  refunds: 100,
  chargebacks: 50,
  audit: 100,
} as const;

export type Bounded<T> = { items: T[]; more: boolean };

/** `rows` read with limit bound + 1: the first `bound`, and whether there were more. */
export function bounded<R, T>(rows: R[], bound: number, map: (row: R) => T): Bounded<T> {
  return { items: rows.slice(0, bound).map(map), more: rows.length > bound };
}
