import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import type { Db } from '@/lib/db/types';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { AppError, notFound } from '@/lib/http/app-error';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { requireAccessibleGroup } from './group-access';
import { hostedOrigin } from './hosted-origin';
import { loadGroupRows } from './load-group';
import { memberLinkEmail, safeLogo } from './member-link-email';
import { serializeMembers } from './serialize-group';

export type SendLinksResult = {
  sent: { member_id: string; payment_link_id: string }[];
  skipped: { member_id: string; reason: 'paid' | 'no_email' }[];
};

/**
 * Emails each member (or one, `memberId`) their next outstanding link: the
 * unpaid link of the lowest instalment. Members with nothing left are skipped
 * as `paid`, members without an email as `no_email`. The emails and the audit
 * record are one transaction (the outbox sends them after commit). The portal
 * calls this for "send to all / to one"; `by` is who asked (default the leader).
 */
export async function sendGroupLinks(db: Db, groupId: string, options: { memberId?: string; by?: AuditActor } = {}): Promise<SendLinksResult> {
  const { header, rows } = await loadGroupRows(db, groupId);
  if (!header) throw notFound('Group payment link');
  const members = serializeMembers(rows, now()).filter((m) => !options.memberId || m.id === options.memberId);
  if (options.memberId && members.length === 0) throw new AppError('group.member_not_found', 'No such member in this group.');
  const origin = hostedOrigin(header.settings);
  const logoUrl = safeLogo(header.settings.logo_url ?? header.organisation_image);
  const result: SendLinksResult = { sent: [], skipped: [] };
  await db.transaction(async (tx) => {
    for (const member of members) {
      const next = member.payment_links.find((link) => !link.paid);
      if (!next) {
        result.skipped.push({ member_id: member.id, reason: 'paid' });
        continue;
      }
      if (!member.email) {
        result.skipped.push({ member_id: member.id, reason: 'no_email' });
        continue;
      }
      const email = memberLinkEmail({
        organisationName: header.organisation_name, logoUrl, bookingReference: header.booking_reference, groupName: header.name,
        memberName: member.customer_name, amount: next.amount, currency: next.currency,
        dueAt: next.due_at ? new Date(next.due_at) : null, url: `${origin}/${next.id}`,
      });
      await enqueueEmail(tx, { organisationId: header.organisation_id, kind: 'group_member_link', to: member.email, ...email });
      result.sent.push({ member_id: member.id, payment_link_id: next.id });
    }
    await recordAudit(tx, options.by ?? { kind: 'customer', email: header.lead_email }, {
      organisationId: header.organisation_id, type: 'payment-link-group:send-links', entityId: groupId,
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
