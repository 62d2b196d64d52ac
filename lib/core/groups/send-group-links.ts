import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { groupMembers, scheduledPayments } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { customerLocale } from '@/lib/email/organisation-locale';
import { memberLocales } from './member-locale';
import { emailText } from '@/lib/email/templates/email-text';
import { memberLinkEmail } from '@/lib/email/templates/member-link-email';
import { AppError, notFound } from '@/lib/http/app-error';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { requireAccessibleGroup } from './group-access';
import { checkGroupSendRate, leaderMembersRequireApproval, membersAtSendLimit } from './group-limits';
import { hostedOrigin } from './hosted-origin';
import { loadGroupRows } from './load-group';
import { lockGroup } from './lock-group';
import { serializeMembers } from './serialize-group';

export type SendLinksResult = {
  sent: { member_id: string; payment_link_id: string }[];
  /**
   * `awaiting_approval`: a member the leader added, whom the organisation has not approved yet (setting
   * `leader_members_require_approval`); `rate_limited`: the member had MEMBER_SENDS_PER_DAY link emails in 24 hours;
   * `auto_collect`: the member's next instalment will be collected from their stored card on its due date (a queued
   * collection), so they are not asked to pay it (their reminder says it will be collected).
   */
  skipped: { member_id: string; reason: 'paid' | 'no_email' | 'awaiting_approval' | 'rate_limited' | 'auto_collect' }[];
};

/**
 * Emails each member (or one, `memberId`) their next outstanding link: the
 * unpaid link of the lowest instalment. Members with nothing left are skipped
 * as `paid`, members without an email as `no_email`. The emails and the audit
 * record are one transaction (the outbox sends them after commit). The portal
 * calls this for "send to all / to one"; `by` is who asked (default the leader).
 * Limits (group-limits.ts), counted under the group's lock: GROUP_SENDS_PER_HOUR
 * requests per group (refused, `group.send_rate_limited`), MEMBER_SENDS_PER_DAY
 * emails per member (skipped, `rate_limited`); a leader-added member the
 * organisation has not approved is skipped (`awaiting_approval`) when it requires that.
 */
export async function sendGroupLinks(
  db: Db,
  groupId: string,
  options: { memberId?: string; by?: AuditActor } = {},
): Promise<SendLinksResult> {
  const { header, rows } = await loadGroupRows(db, groupId);
  if (!header) throw notFound('Group payment link');
  const members = serializeMembers(rows, now()).filter((m) => !options.memberId || m.id === options.memberId);
  if (options.memberId && members.length === 0)
    throw new AppError('group.member_not_found', 'No such member in this group.');
  const origin = hostedOrigin(header.settings);
  const brand = emailBrand(header.organisation_name, header.settings, header.organisation_image);
  const actor = options.by ?? { kind: 'customer' as const, email: header.lead_email };
  const result: SendLinksResult = { sent: [], skipped: [] };
  await db.transaction(async (tx) => {
    // Under the group's lock, so two sends racing at a limit are counted one after the other.
    await lockGroup(tx, groupId);
    await checkGroupSendRate(tx, header.organisation_id, groupId);
    const ids = members.map((m) => m.id);
    const held = leaderMembersRequireApproval(header.settings) ? await awaitingApproval(tx, ids) : new Set<string>();
    const limited = await membersAtSendLimit(tx, header.organisation_id, ids);
    const nextLinks = members
      .map((m) => m.payment_links.find((link) => !link.paid)?.id)
      .filter((id) => id !== undefined);
    const collected = await linksToBeCollected(tx, nextLinks);
    // Each member in their last known language, else the organisation's (customerLocale).
    const locales = await memberLocales(tx, ids);
    for (const member of members) {
      const next = member.payment_links.find((link) => !link.paid);
      const reason = !next
        ? 'paid'
        : collected.has(next.id)
          ? 'auto_collect'
          : !member.email
            ? 'no_email'
            : held.has(member.id)
              ? 'awaiting_approval'
              : limited.has(member.id)
                ? 'rate_limited'
                : null;
      if (reason || !next || !member.email) {
        result.skipped.push({ member_id: member.id, reason: reason ?? 'paid' });
        continue;
      }
      const text = emailText(customerLocale(locales.get(member.id), header.settings));
      const email = await memberLinkEmail(brand, text, {
        bookingReference: header.booking_reference,
        groupName: header.name,
        memberName: member.customer_name,
        amount: next.amount,
        currency: next.currency,
        dueAt: next.due_at ? new Date(next.due_at) : null,
        url: `${origin}/${next.id}`,
      });
      await enqueueEmail(tx, {
        organisationId: header.organisation_id,
        kind: 'group_member_link',
        to: member.email,
        ...email,
      });
      // Every email is in the audit, naming the member: the per-member limit counts these.
      await recordAudit(tx, actor, {
        organisationId: header.organisation_id,
        type: 'payment-link-group:send-link',
        entityId: member.id,
      });
      result.sent.push({ member_id: member.id, payment_link_id: next.id });
    }
    await recordAudit(tx, actor, {
      organisationId: header.organisation_id,
      type: 'payment-link-group:send-links',
      entityId: groupId,
    });
  });
  return result;
}

/** POST /agent/payment-link-groups/{id}/send-links: the organiser sends every member their next link. */
export async function sendLinks(db: Db, actor: Actor, groupId: string): Promise<SendLinksResult> {
  requireRole(actor, 'booking-and-payment:create:payment');
  await requireAccessibleGroup(db, actor, groupId);
  return sendGroupLinks(db, groupId, { by: actor });
}

/** Links among `ids` with a collection queued (or being charged): their money will be taken from a stored card. */
async function linksToBeCollected(tx: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: scheduledPayments.paymentLinkId })
    .from(scheduledPayments)
    .where(
      and(
        inArray(scheduledPayments.paymentLinkId, [...ids]),
        inArray(scheduledPayments.status, ['QUEUED', 'IN_PROGRESS']),
      ),
    );
  return new Set(rows.map((r) => r.id).filter((id) => id !== null));
}

/** Members among `ids` added by the leader and not approved by the organisation. */
async function awaitingApproval(tx: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(
      and(inArray(groupMembers.id, [...ids]), eq(groupMembers.addedByLeader, true), isNull(groupMembers.approvedAt)),
    );
  return new Set(rows.map((r) => r.id));
}
