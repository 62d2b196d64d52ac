import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { paymentLinks, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { assertLinkPaymentsMovable } from '../balance/booking-balance';
import { refuseBusyMemberLink } from '../groups/member-link-busy';
import { findBookingInOrganisation } from '../shared/find-booking-in-organisation';
import { findAccessibleCheckout, kindLabel, type CheckoutKind } from './checkout-query';

/**
 * Deletes a link or session while no transaction was made against it. Both a
 * payment start and this delete lock the link row before they look, so a delete
 * and a payment racing cannot both succeed (tests/integration/races, race 8).
 * A group member's link is refused too while a payment of another of the
 * member's links covers it or its collection runs, as the portal refuses it
 * (refuseBusyMemberLink): the covering payment would pay a deleted link.
 */
export async function deleteCheckout(db: Db, actor: Actor, kind: CheckoutKind, id: string): Promise<void> {
  requireRole(actor, 'booking-and-payment:create:payment');
  await db.transaction(async (tx) => {
    const { link } = await findAccessibleCheckout(tx, actor, kind, id);
    await refuseBusyMemberLink(tx, id);
    // Lock first, check after: a payment holding the link's lock has committed its
    // transaction by the time the check below runs, so the check sees it.
    await tx.select({ id: paymentLinks.id }).from(paymentLinks).where(eq(paymentLinks.id, id)).for('update');
    const deleted = await tx
      .update(paymentLinks)
      .set({ deletedAt: now(), updatedAt: now() })
      .where(
        and(
          eq(paymentLinks.id, id),
          isNull(paymentLinks.deletedAt),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(transactions)
              .where(eq(transactions.paymentLinkId, id)),
          ),
        ),
      )
      .returning({ id: paymentLinks.id });
    if (deleted.length === 0) {
      throw new AppError(
        'checkout.has_transactions',
        `${kindLabel[kind]} ${id} has transactions and cannot be deleted.`,
      );
    }
    await recordAudit(tx, actor, {
      organisationId: link.organisationId,
      type: kind === 'ecommerce' ? 'ecommerce:delete' : 'payment-link:delete',
      entityId: id,
    });
  });
}

/**
 * Links a link or session, and the payments already made through it, to a
 * booking of the same organisation; a taken payment moves only if the booking
 * it leaves does not rely on it (lib/core/balance). A group member's link that
 * is paid, being paid or collected (its own payment or a covering one) stays
 * where its group is (refuseBusyMemberLink), as the portal keeps it.
 */
export async function assignCheckout(
  db: Db,
  actor: Actor,
  kind: CheckoutKind,
  id: string,
  bookingId: string,
): Promise<void> {
  requireRole(actor, 'booking-and-payment:create:payment');
  await db.transaction(async (tx) => {
    const { link } = await findAccessibleCheckout(tx, actor, kind, id);
    await findBookingInOrganisation(tx, link.organisationId, bookingId);
    await refuseBusyMemberLink(tx, id);
    await assertLinkPaymentsMovable(tx, id, bookingId);
    await tx.update(paymentLinks).set({ bookingId, updatedAt: now() }).where(eq(paymentLinks.id, id));
    await tx.update(transactions).set({ bookingId, updatedAt: now() }).where(eq(transactions.paymentLinkId, id));
    await recordAudit(tx, actor, {
      organisationId: link.organisationId,
      type: kind === 'ecommerce' ? 'ecommerce:assign' : 'payment-link:assign',
      entityId: id,
    });
  });
}
