import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation } from '@/lib/auth/access';
import { bookings, customers, organisations, paymentLinks, users } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';

export type CheckoutKind = 'payment_link' | 'ecommerce';
export const kindLabel: Record<CheckoutKind, string> = { payment_link: 'Payment link', ecommerce: 'Ecommerce session' };

const linkBooking = alias(bookings, 'link_booking');

/** A link or session with what its answer shows: booking, customer, creator and organisation (and its portal domain, for the link's url). */
export function selectCheckouts(db: Executor) {
  return db
    .select({
      link: paymentLinks,
      booking: linkBooking,
      customer: customers,
      creatorEmail: users.email,
      organisationName: organisations.name,
      portalDomain: sql<string | null>`${organisations.settings}->>'portal_domain'`,
    })
    .from(paymentLinks)
    .innerJoin(organisations, eq(organisations.id, paymentLinks.organisationId))
    .leftJoin(linkBooking, eq(linkBooking.id, paymentLinks.bookingId))
    .leftJoin(customers, eq(customers.id, paymentLinks.customerId))
    .leftJoin(users, eq(users.id, paymentLinks.userId));
}

export type CheckoutRow = Awaited<ReturnType<ReturnType<typeof selectCheckouts>['where']>>[number];
export { linkBooking };

/** A live link or session the actor reaches; another organisation's is the same 404 as an unknown id. */
export async function findAccessibleCheckout(
  db: Executor,
  actor: Actor,
  kind: CheckoutKind,
  id: string,
): Promise<CheckoutRow> {
  const [row] = await selectCheckouts(db).where(
    and(eq(paymentLinks.id, id), eq(paymentLinks.kind, kind), isNull(paymentLinks.deletedAt)),
  );
  if (!row || !canAccessOrganisation(actor, row.link.organisationId)) throw notFound(kindLabel[kind]);
  return row;
}
