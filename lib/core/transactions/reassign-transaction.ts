import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { recordAudit } from '../audit/record-audit';
import { findBookingInOrganisation } from '../shared/find-booking-in-organisation';
import { findAccessibleTransaction } from './transaction-query';

/** Moves a transaction to another booking of its own organisation; money never crosses organisations. */
export async function reassignTransaction(db: Db, actor: Actor, transactionId: string, bookingId: string): Promise<void> {
  requireRole(actor, 'booking-and-payment:reassign:booking');
  await db.transaction(async (tx) => {
    const transaction = await findAccessibleTransaction(tx, actor, transactionId);
    await findBookingInOrganisation(tx, transaction.organisationId, bookingId);
    await tx.update(transactions).set({ bookingId, updatedAt: now() }).where(eq(transactions.id, transactionId));
    await recordAudit(tx, actor, { organisationId: transaction.organisationId, type: 'transaction:re-assign', entityId: transactionId });
  });
}
