import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { bookings } from '@/lib/db/schema';
import type { Tx } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { findOrCreateCustomer } from '../customers/find-or-create-customer';
import { findBookingInOrganisation } from '../shared/find-booking-in-organisation';
import type { CreateGroupInput } from './group-input';

type Booking = typeof bookings.$inferSelect;

/**
 * The group's booking: the one named by `booking_id` (in the organisation,
 * else 404), or the live booking with `booking_reference`, or a new one with
 * the leader as customer and the members' sum as its value. A reference that
 * exists attaches, as PUT /agent/bookings answers with the existing booking.
 */
export async function groupBooking(
  tx: Tx,
  actor: Actor,
  input: CreateGroupInput,
  membersSum: number,
): Promise<Booking> {
  const booking = input.booking_id
    ? await findBookingInOrganisation(tx, input.organisation, input.booking_id)
    : await findOrCreateByReference(tx, actor, input, membersSum);
  if (booking.currency !== input.currency) {
    throw new AppError(
      'group.currency_mismatch',
      `The booking is in ${booking.currency}: the group's currency must be the same (currency is ${input.currency}).`,
    );
  }
  return booking;
}

async function findOrCreateByReference(
  tx: Tx,
  actor: Actor,
  input: CreateGroupInput,
  membersSum: number,
): Promise<Booking> {
  const reference = input.booking_reference!;
  const existing = await byReference(tx, input.organisation, reference);
  if (existing) return existing;
  requireRole(actor, 'booking-and-payment:create:booking');
  const customer = await findOrCreateCustomer(tx, actor, {
    organisationId: input.organisation,
    customerName: input.lead_name,
    email: input.lead_email,
  });
  const [created] = await tx
    .insert(bookings)
    .values({
      organisationId: input.organisation,
      userId: actor.userId,
      customerId: customer.id,
      bookingReference: reference,
      customerName: input.lead_name,
      email: input.lead_email,
      currency: input.currency,
      grossAmount: input.gross_amount ?? membersSum,
    })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await recordAudit(tx, actor, { organisationId: input.organisation, type: 'booking:create', entityId: created.id });
    return created;
  }
  // A concurrent request made a booking with this reference first: attach to it.
  return (await byReference(tx, input.organisation, reference))!;
}

async function byReference(tx: Tx, organisationId: string, reference: string): Promise<Booking | undefined> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.organisationId, organisationId),
        eq(sql`lower(${bookings.bookingReference})`, reference.toLowerCase()),
        isNull(bookings.deletedAt),
      ),
    );
  return row;
}
