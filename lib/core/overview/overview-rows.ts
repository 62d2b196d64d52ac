/** The overview statement's row as the drivers give it (JSON numbers may be numbers or, for bigints, strings). */
type Num = number | string;
type Ms = number | string | null;
type Listed = { total: Num };

export type OverviewRow = {
  payments: { currency: string; today_count: Num; today_total: Num; week_count: Num; week_total: Num }[];
  group_balances: {
    currency: string;
    groups: Num;
    total: Num;
    collected: Num;
    outstanding: Num;
    overdue: Num;
    overdue_groups: Num;
  }[];
  overdue_groups: (Listed & {
    id: string;
    booking_id: string;
    name: string | null;
    lead_name: string;
    currency: string;
    outstanding: Num;
    overdue: Num;
    oldest_overdue_at: Ms;
  })[];
  refunds_awaiting: (Listed & {
    id: string;
    transaction_id: string;
    booking_id: string | null;
    amount: Num;
    currency: string;
    created_at: Num;
  })[];
  failed_collections: (Listed & {
    id: string;
    booking_id: string;
    payment_link_id: string | null;
    amount: Num;
    currency: string;
    failure_reason: string | null;
    failed_at: Num;
  })[];
  unsettled_payments: (Listed & {
    id: string;
    booking_id: string | null;
    payment_link_id: string | null;
    amount: Num;
    currency: string;
    failure_reason: string | null;
    created_at: Num;
  })[];
  chargebacks:
    | (Listed & {
        id: string;
        transaction_id: string;
        booking_id: string | null;
        amount: Num;
        currency: string;
        status: string;
        reason: string | null;
        received_at: Num;
        due_at: Ms;
      })[]
    | null;
  members_awaiting_approval: (Listed & {
    id: string;
    group_id: string;
    booking_id: string;
    customer_name: string;
    amount: Num;
    currency: string;
    created_at: Num;
  })[];
};

/** A "needs a person" list: how many in all, and the oldest few (each with the ids a page links). */
export function attentionList<R extends Listed, T>(rows: R[], map: (row: R) => T): { count: number; items: T[] } {
  return { count: rows.length === 0 ? 0 : Number(rows[0]!.total), items: rows.map(map) };
}
