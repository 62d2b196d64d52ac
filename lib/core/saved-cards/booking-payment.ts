import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { organisations, scheduledPayments } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { effectivePaymentSettings } from '@/lib/payments/payment-settings';
import { recordAudit } from '../audit/record-audit';
import { findAccessibleBooking } from '../bookings/booking-query';
import { dateOrDateTime, startOfDayOrInstant } from '../shared/dates';
import { minorUnits } from '../shared/money-schema';
import { chargeSavedCard, findSavedCard } from './charge-saved-card';
import { isUuid } from '../shared/is-uuid';

export const bookingPaymentSchema = z.object({
  token: z.string().trim().min(1).max(100),
  amount: minorUnits(),
  date: dateOrDateTime.optional(),
  authorisation_only: z.boolean().default(false),
});

/**
 * POST /payment/booking/{id}/payment: with no `date` the saved card is charged
 * now (a decline answers 402 and is recorded); with a `date` a scheduled
 * payment is created, QUEUED, or AWAITING_APPROVAL when the organisation uses
 * approval links. `idempotencyKey` (the Idempotency-Key header) makes a retried
 * request return the first answer instead of charging again, or scheduling again:
 * the charge's transaction and the scheduled payment each hold the key in a unique index.
 */
export async function createBookingPayment(
  db: Db,
  actor: Actor,
  bookingId: string,
  input: z.output<typeof bookingPaymentSchema>,
  idempotencyKey: string | null,
) {
  requireRole(actor, 'booking-and-payment:create:payment');
  const { booking } = await findAccessibleBooking(db, actor, bookingId);
  const savedCard = isUuid(input.token) ? await findSavedCard(db, bookingId, input.token) : undefined;
  if (!savedCard) throw notFound('Saved card (token) on this booking');
  // One key per intended charge, scoped by the API key (a staff session's: its user): a retry under it finds the first attempt (dated or not).
  const scopedKey = idempotencyKey ? `booking-payment:${actor.apiKeyId ?? actor.userId}:${idempotencyKey}` : null;
  if (input.date) {
    const [org] = await db.select().from(organisations).where(eq(organisations.id, booking.organisationId));
    const needsApproval = effectivePaymentSettings(org!.settings, org!.country).approval_links_enabled;
    await db.transaction(async (tx) => {
      // The unique index on idempotency_key decides: a retry (even one racing the first) inserts nothing and
      // answers as the first did, so a dated payment is scheduled once per key.
      const [payment] = await tx
        .insert(scheduledPayments)
        .values({
          organisationId: booking.organisationId,
          bookingId,
          savedCardId: savedCard.id,
          userId: actor.userId,
          amount: input.amount,
          currency: booking.currency,
          status: needsApproval ? 'AWAITING_APPROVAL' : 'QUEUED',
          authorisationOnly: input.authorisation_only,
          executeAfter: startOfDayOrInstant(input.date!),
          idempotencyKey: scopedKey,
        })
        .onConflictDoNothing({ target: scheduledPayments.idempotencyKey })
        .returning({ id: scheduledPayments.id });
      if (!payment) return;
      await recordAudit(tx, actor, {
        organisationId: booking.organisationId,
        type: 'scheduled-payment:create',
        entityId: payment.id,
      });
    });
    return {};
  }
  const outcome = await chargeSavedCard(
    db,
    {
      // Charged now, at a time the merchant chose: an unscheduled card-on-file charge (a dated one is a scheduled payment).
      savedCard,
      amount: input.amount,
      currency: booking.currency,
      capture: !input.authorisation_only,
      method: 'MOTO_OTHER',
      use: 'unscheduled',
      idempotencyKey: scopedKey ?? `booking-payment:${crypto.randomUUID()}`,
    },
    actor,
  );
  if (outcome.outcome === 'declined')
    throw new AppError(
      'payment.declined',
      `The saved card was declined (${outcome.reason}). Transaction ${outcome.transactionId} records the attempt.`,
    );
  if (outcome.outcome === 'unsettled') {
    throw new AppError(
      'payment.processor_unavailable',
      `The processor has not confirmed the payment yet; transaction ${outcome.transactionId} is being confirmed with it. Do not charge again: repeat this request with the same Idempotency-Key to see the outcome.`,
    );
  }
  if (outcome.outcome !== 'paid')
    throw new AppError(
      'payment.processor_unavailable',
      `The payment could not be taken (${'reason' in outcome ? outcome.reason : outcome.outcome}); nothing was charged.`,
    );
  return {};
}
