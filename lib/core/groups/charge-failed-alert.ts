import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import type { Executor } from '@/lib/db/types';
import type { ScheduledFailureCause } from '@/lib/email/templates/organisation-alert';
import { sendGroupAlerts } from './group-alerts';

/**
 * A group member's automatic collection failed for good: the leader and the
 * organisation user who created the group are told, once (dedupe key
 * `charge_failed:{scheduled_payment_id}`). Called in the transaction that
 * marks the scheduled payment FAILED (failScheduledPayment), so the alert
 * exists if and only if the failure does. False for a link of no member.
 */
export async function alertChargeFailed(
  tx: Executor,
  failed: {
    scheduledPaymentId: string;
    paymentLinkId: string;
    reason: string;
    cause: ScheduledFailureCause;
    attempts: number;
  },
): Promise<boolean> {
  const [link] = await queryRows<{
    amount: string | number;
    currency: string;
    due_at: Date | string | null;
    member_id: string;
    customer_name: string;
    group_id: string;
  }>(
    tx,
    sql`
    select l.amount, l.currency, l.due_at, m.id as member_id, m.customer_name, m.group_id
    from payment_links l join group_members m on m.id = l.group_member_id
    where l.id = ${failed.paymentLinkId}::uuid`,
  );
  if (!link) return false;
  const sent = await sendGroupAlerts(tx, link.group_id, 'charge_failed', [
    {
      dedupeKey: `charge_failed:${failed.scheduledPaymentId}`,
      memberId: link.member_id,
      memberName: link.customer_name,
      amount: Number(link.amount),
      currency: link.currency,
      dueAt: link.due_at === null ? null : new Date(link.due_at),
      failure: { cause: failed.cause, reason: failed.reason, attempts: failed.attempts },
    },
  ]);
  return sent > 0;
}
