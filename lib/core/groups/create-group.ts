import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireOrganisation, requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { groupInstalments, groupMembers, organisations, paymentLinkGroups } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError, invalidField } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { addDays, endOfDayOrInstant, startOfDayOrInstant } from '../shared/dates';
import { groupBooking } from './group-booking';
import type { CreateGroupInput } from './group-input';
import { insertLinks, memberLinkRows, type LinkRow } from './member-links';
import { portalUrl } from './portal-url';
import { portalToken } from './portal-token';
import { hostedOrigin } from './hosted-origin';
import { emailLeaderPortalLink } from './leader-portal-link';
import { sendsLeaderPortalLink } from '../notices/notice-settings';
import { allocateShares, checkSchedule } from './schedule-rules';

const DEFAULT_LINK_LIFETIME_DAYS = 30;

/**
 * PUT /agent/payment-link-groups: booking (attached or created), group,
 * schedule, members and one payment link per instalment per member, with the
 * audit record, in one transaction. Every rule is checked before anything is written.
 */
export async function createGroup(db: Db, actor: Actor, input: CreateGroupInput) {
  requireOrganisation(actor, input.organisation);
  requireRole(actor, 'booking-and-payment:create:payment');
  if (!input.card_enabled && !input.open_banking_enabled)
    throw invalidField('card_enabled and open_banking_enabled cannot both be false: members would have no way to pay.');
  if (!input.booking_id && !input.booking_reference)
    throw new AppError('group.booking_required', 'booking_reference is required when booking_id is absent.');
  const at = now();
  const schedule = input.installments.map((entry) => ({
    amount: entry.amount,
    dueAt: startOfDayOrInstant(entry.due_at),
  }));
  checkSchedule(schedule, at);
  const allocations = allocateShares(
    input.members.map((m) => m.amount),
    schedule.map((s) => s.amount),
  );
  const linkExpiresAt = memberLinkExpiry(input, at);
  const membersSum = input.members.reduce((sum, m) => sum + m.amount, 0);

  const groupId = randomUUID();
  // The leader's first token (version 1), computed before the transaction: it reads the signing secret.
  const leaderToken = await portalToken(db, groupId, 1);
  const created = await db.transaction(async (tx) => {
    const booking = await groupBooking(tx, actor, input, membersSum);
    const [organisation] = await tx
      .select({ settings: organisations.settings, name: organisations.name, image: organisations.image })
      .from(organisations)
      .where(eq(organisations.id, input.organisation));
    const group = {
      id: groupId,
      organisationId: input.organisation,
      bookingId: booking.id,
      userId: actor.userId,
      name: input.name ?? null,
      leadName: input.lead_name,
      leadEmail: input.lead_email,
      currency: input.currency,
      membersLocked: input.members_locked,
      installmentsLocked: input.installments_locked,
      description: input.description ?? null,
      linkExpiresAt,
      openBankingEnabled: input.open_banking_enabled,
      cardEnabled: input.card_enabled,
      createdAt: at,
      updatedAt: at,
    };
    await tx.insert(paymentLinkGroups).values(group);
    const instalments = schedule.map((entry, index) => ({
      id: randomUUID(),
      groupId,
      sequence: index + 1,
      amount: entry.amount,
      dueAt: entry.dueAt,
      createdAt: at,
    }));
    if (instalments.length > 0) await tx.insert(groupInstalments).values(instalments);
    const members = input.members.map((member, index) => ({
      id: randomUUID(),
      groupId,
      position: index + 1,
      customerName: member.customer_name,
      email: member.email ?? null,
      amount: member.amount,
      createdAt: at,
      updatedAt: at,
    }));
    if (members.length > 0) await tx.insert(groupMembers).values(members);
    const linksByMember = members.map((member, index) =>
      memberLinkRows(
        group,
        member,
        allocations[index]!.map((amount, i) => ({
          amount,
          sequence: instalments[i]?.sequence ?? null,
          dueAt: instalments[i]?.dueAt ?? null,
        })),
        at,
      ),
    );
    await insertLinks(tx, linksByMember.flat());
    await recordAudit(tx, actor, {
      organisationId: input.organisation,
      type: 'payment-link-group:create',
      entityId: groupId,
    });
    if (sendsLeaderPortalLink(organisation!.settings, input.send_portal_link)) {
      await emailLeaderPortalLink(tx, {
        organisationId: input.organisation,
        organisation: organisation!,
        leadName: input.lead_name,
        leadEmail: input.lead_email,
        bookingReference: booking.bookingReference,
        groupName: input.name ?? null,
        url: `${hostedOrigin(organisation!.settings)}/groups/${groupId}?token=${leaderToken}`,
      });
    }
    return { groupId, bookingId: booking.id, settings: organisation!.settings, instalments, members, linksByMember };
  });

  return {
    id: created.groupId,
    booking_id: created.bookingId,
    portal_url: await portalUrl(db, created.groupId, created.settings),
    installments: created.instalments.map((i) => ({
      id: i.id,
      sequence: i.sequence,
      amount: i.amount,
      due_at: i.dueAt.toISOString(),
    })),
    members: created.members.map((member, index) => ({
      id: member.id,
      customer_name: member.customerName,
      email: member.email,
      amount: member.amount,
      payment_links: created.linksByMember[index]!.map(linkSummary),
    })),
  };
}

const linkSummary = (link: LinkRow) => ({
  id: link.id,
  amount: link.amount,
  installment_sequence: link.instalmentSequence,
  due_at: link.dueAt?.toISOString() ?? null,
});

/**
 * Member link expiry (docs/groups.md "Link expiry"): `expires_at` when given
 * (never before the final due date), else 30 days from now or the end of the
 * final due day, whichever is later.
 */
function memberLinkExpiry(input: CreateGroupInput, at: Date): Date {
  const last = input.installments.at(-1);
  const deadline = last ? startOfDayOrInstant(last.due_at) : null;
  if (input.expires_at) {
    const expiresAt = endOfDayOrInstant(input.expires_at);
    if (expiresAt.getTime() <= at.getTime() || (deadline && expiresAt.getTime() < deadline.getTime())) {
      throw new AppError(
        'group.expiry_before_deadline',
        "expires_at must be in the future and not before the final instalment's due date.",
      );
    }
    return expiresAt;
  }
  const byDefault = addDays(at, DEFAULT_LINK_LIFETIME_DAYS);
  const endOfDeadline = last ? endOfDayOrInstant(last.due_at) : byDefault;
  return endOfDeadline.getTime() > byDefault.getTime() ? endOfDeadline : byDefault;
}
