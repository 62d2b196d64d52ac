import type { Actor } from '@/lib/auth/actor';
import { hasRole, organisationScope } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import { overviewSql } from './overview-query';
import { ORGANISATION_TIME_ZONE } from './overview-window';
import { attentionList, type OverviewRow } from './overview-rows';

/** Items each "needs a person" list shows (the oldest first); the count covers them all. */
export const OVERVIEW_ITEMS_DEFAULT = 5;
export const OVERVIEW_ITEMS_MAX = 20;

export type OverviewInput = {
  organisation: string;
  /** The organisation's children too (the interface's `show-child-organisations`), as far as the actor reaches. */
  includeChildren?: boolean;
  /** Items per list, 1 to OVERVIEW_ITEMS_MAX (default OVERVIEW_ITEMS_DEFAULT). */
  items?: number;
};

const num = (value: number | string | null | undefined) => Number(value ?? 0);
const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * What a travel company's staff see first (docs/dashboard.md "Read models"): payments completed today
 * and this week per currency, the balances of open groups, and what needs a person. One SQL statement.
 * Scope: the organisation in view (403 when out of reach), optionally its children. Roles: every part is
 * what the API's lists already show to any key of the organisation (transactions, refunds, scheduled
 * payments, groups), except chargebacks, which need `chargebacks:view` as POST /agent/chargebacks does:
 * without it `needs_person.chargebacks` is null (hidden, not an error), so a page leaves the tile out.
 */
export async function getOverview(db: Executor, actor: Actor, input: OverviewInput) {
  const scope = organisationScope(actor, input.organisation, input.includeChildren ?? false);
  const limit = Math.min(Math.max(Math.trunc(input.items ?? OVERVIEW_ITEMS_DEFAULT), 1), OVERVIEW_ITEMS_MAX);
  const at = now();
  const withChargebacks = hasRole(actor, 'chargebacks:view');
  const [row] = await queryRows<OverviewRow>(
    db,
    overviewSql({ scope, at, limit, withChargebacks, approvalRequiredByDefault: !isSandbox() }),
  );
  const r = row!;
  const ageSeconds = (ms: number | string) => Math.max(0, Math.floor((at.getTime() - Number(ms)) / 1000));
  return {
    organisations: scope,
    at: at.toISOString(),
    time_zone: ORGANISATION_TIME_ZONE,
    payments: r.payments.map((p) => ({
      currency: p.currency,
      today: { count: num(p.today_count), total: num(p.today_total) },
      week: { count: num(p.week_count), total: num(p.week_total) },
    })),
    group_balances: {
      by_currency: r.group_balances.map((b) => ({
        currency: b.currency,
        groups: num(b.groups),
        total: num(b.total),
        collected: num(b.collected),
        outstanding: num(b.outstanding),
        overdue: num(b.overdue),
        overdue_groups: num(b.overdue_groups),
      })),
      overdue: attentionList(r.overdue_groups, (g) => ({
        id: g.id,
        booking_id: g.booking_id,
        name: g.name,
        lead_name: g.lead_name,
        currency: g.currency,
        outstanding: num(g.outstanding),
        overdue: num(g.overdue),
        oldest_overdue_at: iso(g.oldest_overdue_at),
      })),
    },
    needs_person: {
      refunds_awaiting_authorisation: attentionList(r.refunds_awaiting, (x) => ({
        id: x.id,
        transaction_id: x.transaction_id,
        booking_id: x.booking_id,
        amount: num(x.amount),
        currency: x.currency,
        created_at: iso(x.created_at),
      })),
      failed_collections: attentionList(r.failed_collections, (x) => ({
        id: x.id,
        booking_id: x.booking_id,
        payment_link_id: x.payment_link_id,
        amount: num(x.amount),
        currency: x.currency,
        failure_reason: x.failure_reason,
        failed_at: iso(x.failed_at),
      })),
      unsettled_payments: attentionList(r.unsettled_payments, (x) => ({
        id: x.id,
        booking_id: x.booking_id,
        payment_link_id: x.payment_link_id,
        amount: num(x.amount),
        currency: x.currency,
        failure_reason: x.failure_reason,
        since: iso(x.created_at),
        age_seconds: ageSeconds(x.created_at),
      })),
      chargebacks:
        r.chargebacks === null
          ? null
          : attentionList(r.chargebacks, (x) => ({
              id: x.id,
              transaction_id: x.transaction_id,
              booking_id: x.booking_id,
              amount: num(x.amount),
              currency: x.currency,
              status: x.status,
              reason: x.reason,
              received_at: iso(x.received_at),
              due_at: iso(x.due_at),
            })),
      members_awaiting_approval: attentionList(r.members_awaiting_approval, (x) => ({
        id: x.id,
        group_id: x.group_id,
        booking_id: x.booking_id,
        customer_name: x.customer_name,
        amount: num(x.amount),
        currency: x.currency,
        created_at: iso(x.created_at),
      })),
    },
  };
}

export type Overview = Awaited<ReturnType<typeof getOverview>>;
