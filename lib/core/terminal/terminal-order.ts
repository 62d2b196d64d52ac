import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation, requireRole } from '@/lib/auth/access';
import { bookings, organisations, paymentLinks, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { notFound } from '@/lib/http/app-error';
import { isUuid } from '../shared/is-uuid';
import type { TerminalMethod } from './open-terminal-order';

/** What the terminal's pages show of an order: the booking, the amount, the method, and its latest attempt. */
export type TerminalOrder = {
  id: string;
  organisationId: string;
  organisationCountry: string;
  bookingId: string;
  bookingReference: string;
  customerName: string;
  amount: number;
  currency: string;
  method: TerminalMethod;
  expiresAt: Date;
  latest: {
    id: string;
    status: string;
    failureReason: string | null;
    amount: number;
    surcharge: number;
    cardBrand: string | null;
    cardLastFour: string | null;
  } | null;
};

/**
 * A virtual terminal order the actor may see: of kind `terminal`, of an organisation the actor reaches; anything
 * else (a payment link's id, another organisation's order, not a uuid) answers 404, as the API does.
 */
export async function findTerminalOrder(db: Db, actor: Actor, id: string): Promise<TerminalOrder> {
  requireRole(actor, 'booking-and-payment:create:payment');
  if (!isUuid(id)) throw notFound('Terminal order');
  const [row] = await db
    .select({ link: paymentLinks, reference: bookings.bookingReference, country: organisations.country })
    .from(paymentLinks)
    .innerJoin(bookings, eq(bookings.id, paymentLinks.bookingId))
    .innerJoin(organisations, eq(organisations.id, paymentLinks.organisationId))
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.kind, 'terminal'), isNull(paymentLinks.deletedAt)));
  if (!row || !canAccessOrganisation(actor, row.link.organisationId)) throw notFound('Terminal order');
  const [latest] = await db
    .select({
      id: transactions.id,
      status: transactions.status,
      failureReason: transactions.failureReason,
      amount: transactions.amount,
      surcharge: transactions.surcharge,
      cardBrand: transactions.cardBrand,
      cardLastFour: transactions.cardLastFour,
    })
    .from(transactions)
    .where(eq(transactions.paymentLinkId, id))
    .orderBy(desc(transactions.createdAt))
    .limit(1);
  const { link } = row;
  return {
    id: link.id,
    organisationId: link.organisationId,
    organisationCountry: (row.country || 'GB').toUpperCase(),
    bookingId: link.bookingId!,
    bookingReference: row.reference,
    customerName: link.customerName,
    amount: link.amount,
    currency: link.currency,
    method: link.options.terminal_method ?? 'MOTO_OTHER',
    expiresAt: link.expiresAt,
    latest: latest ?? null,
  };
}
