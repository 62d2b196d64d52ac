import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { publicBaseUrl } from '@/lib/config';
import { approvals, organisations, scheduledPayments } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { AppError } from '@/lib/http/app-error';
import { approvalEmail } from '@/lib/email/templates/approval-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { customerLocale } from '@/lib/email/organisation-locale';
import { emailText } from '@/lib/email/templates/email-text';
import { effectivePaymentSettings } from '@/lib/payments/payment-settings';
import { recordAudit } from '../audit/record-audit';
import { findAccessibleBooking } from '../bookings/booking-query';
import { addDays } from '../shared/dates';
import { approvalPaymentOf } from './approval-set';

const APPROVAL_LINK_DAYS = 14;

/**
 * Emails the customer a link to approve the booking's scheduled payments that
 * await approval, and stores those payments (ids, amounts, dates) on the
 * approval: it decides only them (decide-approval.ts). The approval record and the email are written in one
 * transaction, so the email is sent exactly when the link exists. Answers the
 * link's `url` too (Felloh's SDK reads it).
 */
export async function sendApprovalLink(db: Db, actor: Actor, bookingId: string): Promise<{ url: string }> {
  requireRole(actor, 'booking-and-payment:create:payment');
  const { booking } = await findAccessibleBooking(db, actor, bookingId);
  const [org] = await db.select().from(organisations).where(eq(organisations.id, booking.organisationId));
  if (!effectivePaymentSettings(org!.settings, org!.country).approval_links_enabled) {
    throw new AppError(
      'approval.not_enabled',
      'Approval links are off for this organisation: its scheduled payments are approved automatically.',
    );
  }
  const waiting = await db
    .select()
    .from(scheduledPayments)
    .where(and(eq(scheduledPayments.bookingId, bookingId), eq(scheduledPayments.status, 'AWAITING_APPROVAL')))
    .orderBy(asc(scheduledPayments.executeAfter), asc(scheduledPayments.id));
  if (waiting.length === 0)
    throw new AppError('approval.nothing_to_approve', 'This booking has no scheduled payments awaiting approval.');
  return db.transaction(async (tx) => {
    // The payments the email lists are stored on the approval: it decides exactly these, and nothing once they change.
    const [approval] = await tx
      .insert(approvals)
      .values({
        organisationId: booking.organisationId,
        bookingId,
        email: booking.email,
        expiresAt: addDays(now(), APPROVAL_LINK_DAYS),
        payments: waiting.map(approvalPaymentOf),
      })
      .returning();
    const url = `${publicBaseUrl()}/approvals/${approval!.id}`;
    // The customer's language is not recorded: the organisation's (customerLocale; the approval page offers the others).
    const email = await approvalEmail(
      emailBrand(org!.name, org!.settings, org!.image),
      emailText(customerLocale(null, org!.settings)),
      {
        customerName: booking.customerName,
        bookingReference: booking.bookingReference,
        payments: waiting.map((p) => ({ amount: p.amount, currency: p.currency, date: p.executeAfter })),
        url,
        expiresAt: approval!.expiresAt,
      },
    );
    await enqueueEmail(tx, {
      organisationId: booking.organisationId,
      kind: 'approval_link',
      to: booking.email,
      ...email,
    });
    await recordAudit(tx, actor, {
      organisationId: booking.organisationId,
      type: 'approval:send',
      entityId: approval!.id,
    });
    return { url };
  });
}
