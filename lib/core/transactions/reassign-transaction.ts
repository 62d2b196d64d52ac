import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation, requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { assertMovable, lockTransaction } from '../balance/booking-balance';
import { findBookingInOrganisation } from '../shared/find-booking-in-organisation';

/**
 * Moves a transaction to another booking of its own organisation; money never
 * crosses organisations. Both bookings are locked (in id order) with the
 * transaction, and a taken payment cannot leave a booking whose credit notes or
 * refunds still rely on it (409 transaction.reassign_overdraws_booking); what it
 * brings to the new booking is only what is left of it.
 */
export async function reassignTransaction(
  db: Db,
  actor: Actor,
  transactionId: string,
  bookingId: string,
): Promise<void> {
  requireRole(actor, 'booking-and-payment:reassign:booking');
  await db.transaction(async (tx) => {
    const transaction = await lockTransaction(tx, transactionId, [bookingId]);
    if (!transaction || !canAccessOrganisation(actor, transaction.organisationId)) throw notFound('Transaction');
    await findBookingInOrganisation(tx, transaction.organisationId, bookingId);
    if (transaction.bookingId !== bookingId) await assertMovable(tx, transaction);
    await tx.update(transactions).set({ bookingId, updatedAt: now() }).where(eq(transactions.id, transactionId));
    await recordAudit(tx, actor, {
      organisationId: transaction.organisationId,
      type: 'transaction:re-assign',
      entityId: transactionId,
    });
  });
}
