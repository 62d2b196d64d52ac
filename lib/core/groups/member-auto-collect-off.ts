import { getDb } from '@/lib/db/client';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { liveMemberOfLink } from './live-member-of-link';
import { autoCollectOffInTransaction } from './turn-off-auto-collect';

/**
 * The member turns their own automatic collection off, from their page (issue 17 item 15), holding
 * one of their links as they hold it to pay. The same change as the organiser's opt-out
 * (autoCollectOffInTransaction: auto_collect false, queued collections CANCELLED `auto_collect_off`,
 * audited), audited as the member: a customer actor named by their email (the link's, which is the
 * leader's when the member has none). Refused (`group.member_not_found`) for a link that is not a live
 * member's live link. Turning it back on is paying with the store-card tick, as the first time.
 */
export async function memberTurnOffAutoCollect(db: Db, linkId: string) {
  const row = await liveMemberOfLink(db, linkId);
  if (!row) throw new AppError('group.member_not_found', 'No such member link.');
  return db.transaction((tx) =>
    autoCollectOffInTransaction(
      tx,
      { kind: 'customer', email: row.email },
      {
        groupId: row.groupId,
        organisationId: row.organisationId,
        memberId: row.memberId,
      },
    ),
  );
}

/** The member page's action entry: what happened, as a code the page words. */
export async function hostedMemberAutoCollectOff(
  linkId: string,
): Promise<{ result: 'auto_collect_off'; cancelled: number } | { result: 'not_found' }> {
  try {
    const done = await memberTurnOffAutoCollect(await getDb(), linkId);
    return { result: 'auto_collect_off', cancelled: done.cancelled_scheduled_payments.length };
  } catch (error) {
    if (error instanceof AppError && error.code === 'group.member_not_found') return { result: 'not_found' };
    throw error;
  }
}
