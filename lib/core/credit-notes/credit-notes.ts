import { randomBytes } from 'node:crypto';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation, organisationScope, requireRole } from '@/lib/auth/access';
import { bookings, creditNotes, organisations } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { listPage } from '@/lib/http/list-result';
import { recordAudit } from '../audit/record-audit';
import { assertCreditable, lockBookings } from '../balance/booking-balance';
import { findAccessibleBooking } from '../bookings/booking-query';
import { findBookingInOrganisation } from '../shared/find-booking-in-organisation';
import { listParams } from '../shared/list-params';
import { minorUnits } from '../shared/money-schema';

export const listCreditNotesSchema = listParams();
export const creditNoteIdParams = z.object({ credit_note_id: z.uuid() });
export const issueCreditNoteSchema = z.object({
  booking_id: z.uuid(),
  amount: minorUnits(),
  description: z.string().trim().max(500).optional(),
  applied_to_booking_id: z.uuid().optional(),
});

const fromBooking = alias(bookings, 'from_booking');
const toBooking = alias(bookings, 'to_booking');

export function selectCreditNotes(db: Executor) {
  return db
    .select({ note: creditNotes, organisation: organisations, from: fromBooking, to: toBooking })
    .from(creditNotes)
    .innerJoin(organisations, eq(organisations.id, creditNotes.organisationId))
    .leftJoin(fromBooking, eq(fromBooking.id, creditNotes.bookingCreatedFromId))
    .leftJoin(toBooking, eq(toBooking.id, creditNotes.bookingAppliedToId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectCreditNotes>['where']>>[number];

const bookingSummary = (b: Row['from']) =>
  b && {
    id: b.id,
    booking_reference: b.bookingReference,
    created_at: b.createdAt.toISOString(),
    customer_name: b.customerName,
    departure_date: b.departureDate,
    return_date: b.returnDate,
    email: b.email,
    gross_amount: b.grossAmount,
  };

export function serializeCreditNote({ note, organisation: o, from, to }: Row) {
  return {
    id: note.id,
    short_id: note.shortId,
    customer_name: note.customerName,
    amount: note.amount,
    description: note.description,
    currency: note.currency,
    created_at: note.createdAt.toISOString(),
    organisation: {
      id: o.id,
      name: o.name,
      image: o.image,
      legacy_id: o.legacyId,
      created_at: o.createdAt.toISOString(),
      updated_at: o.updatedAt.toISOString(),
    },
    booking_applied_to: bookingSummary(to),
    booking_created_from: bookingSummary(from),
  };
}

export async function listCreditNotes(db: Db, actor: Actor, input: z.output<typeof listCreditNotesSchema>) {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const where = inArray(creditNotes.organisationId, scope);
  const page = await listPage(
    input,
    (limit, offset) =>
      selectCreditNotes(db)
        .where(where)
        .orderBy(desc(creditNotes.createdAt), desc(creditNotes.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(creditNotes).where(where))[0]!.n,
  );
  return page.map(serializeCreditNote);
}

export async function getCreditNote(db: Db, actor: Actor, id: string) {
  const [row] = await selectCreditNotes(db).where(eq(creditNotes.id, id));
  if (!row || !canAccessOrganisation(actor, row.note.organisationId)) throw notFound('Credit note');
  return serializeCreditNote(row);
}

/**
 * Extension: issues a credit note from a booking, for money the customer keeps
 * as credit instead of a refund. It can never exceed what the booking holds
 * (see lib/core/balance/booking-balance.ts); the booking row is locked so
 * notes, refunds and re-assigns racing cannot both spend the same money.
 */
export async function issueCreditNote(db: Db, actor: Actor, input: z.output<typeof issueCreditNoteSchema>) {
  requireRole(actor, 'booking-and-payment:create:payment');
  return db.transaction(async (tx) => {
    const { booking } = await findAccessibleBooking(tx, actor, input.booking_id);
    await lockBookings(tx, [booking.id]);
    if (input.applied_to_booking_id)
      await findBookingInOrganisation(tx, booking.organisationId, input.applied_to_booking_id);
    await assertCreditable(tx, booking.id, input.amount);
    const [note] = await tx
      .insert(creditNotes)
      .values({
        shortId: `CN-${randomBytes(5).toString('hex').toUpperCase()}`,
        organisationId: booking.organisationId,
        bookingCreatedFromId: booking.id,
        bookingAppliedToId: input.applied_to_booking_id ?? null,
        userId: actor.userId,
        customerName: booking.customerName,
        amount: input.amount,
        currency: booking.currency,
        description: input.description ?? null,
      })
      .returning({ id: creditNotes.id });
    await recordAudit(tx, actor, {
      organisationId: booking.organisationId,
      type: 'credit-note:create',
      entityId: note!.id,
    });
    const [row] = await selectCreditNotes(tx).where(eq(creditNotes.id, note!.id));
    return serializeCreditNote(row!);
  });
}
