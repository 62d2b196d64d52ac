import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { now } from '@/lib/clock';
import { groupInstalments, groupMembers, paymentLinkGroups, paymentLinks } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { parseInput } from '@/lib/http/validation';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { endOfDayOrInstant, startOfDayOrInstant } from '../shared/dates';
import { instalmentInput } from './group-input';
import { lockGroup, lockLiveLinks } from './lock-group';
import { insertLinks, memberLinkRows, type LinkRow } from './member-links';
import { recreateCollections } from './recreate-collections';
import { cancelLinkCollections } from './link-scheduled-payments';
import { planSchedule, type PlannedInstalment } from './schedule-plan';
import { checkEqualShares, checkSchedule } from './schedule-rules';

/** The count is checked by checkSchedule, so the portal gets `group.too_many_instalments`, not a generic 422. */
export const setScheduleSchema = z.object({ installments: z.array(instalmentInput).max(100) });

/**
 * The leader sets or changes the schedule (portal; `installments: []` removes
 * it). Under the group's lock and every live link's lock: refused when the
 * schedule is locked; every instalment anybody has paid (or is paying) keeps
 * its sequence, amount and due date; the rest follow the rules of creation
 * (at most 12, ascending, in the future, equal shares sum to the share). Open
 * links of changed instalments are replaced and re-split for every member;
 * their collections not yet started move to the new links.
 */
export async function setSchedule(db: Db, groupId: string, input: unknown, options: { by?: AuditActor } = {}) {
  const { installments } = parseInput(setScheduleSchema, input);
  const wanted: PlannedInstalment[] = installments.map((entry, index) => ({
    sequence: index + 1,
    amount: entry.amount,
    dueAt: startOfDayOrInstant(entry.due_at),
  }));
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (group.installmentsLocked)
      throw new AppError(
        'group.installments_locked',
        'The organiser has locked the schedule: it cannot be set or changed.',
      );
    const current = await tx
      .select()
      .from(groupInstalments)
      .where(and(eq(groupInstalments.groupId, groupId), isNull(groupInstalments.replacedAt)))
      .orderBy(asc(groupInstalments.sequence));
    const members = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), isNull(groupMembers.removedAt)))
      .orderBy(asc(groupMembers.position));
    const links = await lockLiveLinks(tx, groupId);
    const at = now();

    const unchanged = (entry: PlannedInstalment | undefined) => {
      const old = entry && current.find((i) => i.sequence === entry.sequence);
      return Boolean(old && entry && old.amount === entry.amount && old.dueAt.getTime() === entry.dueAt.getTime());
    };
    const frozen = new Set(
      links.filter((l) => l.busy && l.instalment_sequence !== null).map((l) => l.instalment_sequence!),
    );
    for (const sequence of frozen) {
      if (!unchanged(wanted[sequence - 1])) {
        throw new AppError(
          'group.paid_instalment_changed',
          `Instalment ${sequence} has been paid by a member: it keeps its amount and due date.`,
        );
      }
    }
    checkSchedule(wanted, at, (index) => !unchanged(wanted[index]));
    checkEqualShares(
      members.map((m) => m.amount),
      wanted.map((w) => w.amount),
    );

    // The links stay valid up to the end of the (new) final due date.
    const deadline = installments.length > 0 ? endOfDayOrInstant(installments.at(-1)!.due_at) : null;
    const linkExpiresAt = deadline && deadline > group.linkExpiresAt ? deadline : group.linkExpiresAt;
    const context = { ...group, linkExpiresAt };
    const plans = planSchedule(members, links, wanted, frozen);
    const created: LinkRow[] = plans.flatMap((plan, index) =>
      memberLinkRows(context, members[index]!, plan.create, at),
    );
    const removed = plans.flatMap((plan) => plan.remove);

    if (removed.length > 0)
      await tx
        .update(paymentLinks)
        .set({ deletedAt: at, updatedAt: at })
        .where(
          inArray(
            paymentLinks.id,
            removed.map((l) => l.id),
          ),
        );
    const by = options.by ?? { kind: 'customer' as const, email: group.leadEmail };
    const cancelled = await cancelLinkCollections(
      tx,
      by,
      removed.map((l) => l.id),
      'group_schedule_changed',
    );
    await insertLinks(tx, created);
    await recreateCollections(tx, by, cancelled, removed, created);
    if (linkExpiresAt !== group.linkExpiresAt) {
      await tx.update(paymentLinkGroups).set({ linkExpiresAt, updatedAt: at }).where(eq(paymentLinkGroups.id, groupId));
      await tx
        .update(paymentLinks)
        .set({ expiresAt: linkExpiresAt, updatedAt: at })
        .where(
          and(
            isNull(paymentLinks.deletedAt),
            inArray(
              paymentLinks.groupMemberId,
              sql`(select id from group_members where group_id = ${groupId} and removed_at is null)`,
            ),
          ),
        );
    }

    const replaced = current.filter((old) => !unchanged(wanted[old.sequence - 1]));
    if (replaced.length > 0)
      await tx
        .update(groupInstalments)
        .set({ replacedAt: at })
        .where(
          inArray(
            groupInstalments.id,
            replaced.map((i) => i.id),
          ),
        );
    const fresh = wanted
      .filter((entry) => !unchanged(entry))
      .map((entry) => ({ id: randomUUID(), groupId, ...entry, createdAt: at }));
    if (fresh.length > 0) await tx.insert(groupInstalments).values(fresh);
    await recordAudit(tx, by, {
      organisationId: group.organisationId,
      type: 'payment-link-group:set-schedule',
      entityId: groupId,
    });
    const kept = current.filter((old) => unchanged(wanted[old.sequence - 1]));
    return {
      /** Members whose links were replaced: the links they were sent now lead to the new ones (replacement-link.ts). */
      replacedMembers: plans.filter((plan) => plan.remove.length > 0).length,
      installments: [...kept, ...fresh]
        .sort((a, b) => a.sequence - b.sequence)
        .map((i) => ({ id: i.id, sequence: i.sequence, amount: i.amount, due_at: i.dueAt.toISOString() })),
    };
  });
}
