import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { bookings, organisations, transactions, type DccChoice } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { PAYING_STATUSES } from '../checkout/checkout-status';
import { isUuid } from '../shared/is-uuid';

/** What a printable receipt shows of one payment: nothing about the customer beyond the card's last four. */
export type HostedReceipt = {
  id: string;
  status: 'COMPLETE' | 'PENDING';
  organisationName: string;
  organisationLogo: string | null;
  bookingReference: string | null;
  paymentLinkId: string | null;
  amount: number;
  currency: string;
  surcharge: number;
  type: string;
  cardBrand: string | null;
  cardLastFour: string | null;
  /** The wallet the card was paid from (apple_pay, google_pay), or null. */
  wallet: string | null;
  /** Present when the customer chose to pay in their card's currency. */
  dcc: { cardCurrency: string; rate: number; markupBps: number; convertedAmount: number } | null;
  date: Date;
};

/**
 * A transaction's receipt, only while it took money (COMPLETE) or holds it
 * (PENDING); any other status, an unknown id or one that is not a uuid is
 * null (a 404). The transaction id is the capability, as the link id is.
 */
export async function loadHostedReceipt(db: Executor, id: string): Promise<HostedReceipt | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ t: transactions, organisation: organisations, bookingReference: bookings.bookingReference })
    .from(transactions)
    .innerJoin(organisations, eq(organisations.id, transactions.organisationId))
    .leftJoin(bookings, eq(bookings.id, transactions.bookingId))
    .where(eq(transactions.id, id));
  if (!row || !(PAYING_STATUSES as readonly string[]).includes(row.t.status)) return null;
  const { t } = row;
  return {
    id: t.id,
    status: t.status as HostedReceipt['status'],
    organisationName: row.organisation.name,
    organisationLogo:
      row.organisation.image && /^https?:\/\//i.test(row.organisation.image) ? row.organisation.image : null,
    bookingReference: row.bookingReference ?? null,
    paymentLinkId: t.paymentLinkId,
    amount: t.amount,
    currency: t.currency,
    surcharge: t.surcharge,
    type: t.type,
    cardBrand: t.cardBrand,
    cardLastFour: t.cardLastFour,
    wallet: t.wallet,
    dcc: acceptedDcc(t.dcc),
    date: t.completedAt ?? t.authorisedAt ?? t.createdAt,
  };
}

function acceptedDcc(dcc: DccChoice | null): HostedReceipt['dcc'] {
  if (!dcc?.accepted || !dcc.card_currency || dcc.rate === undefined || dcc.converted_amount === undefined) return null;
  return {
    cardCurrency: dcc.card_currency,
    rate: dcc.rate,
    markupBps: dcc.markup_bps ?? 0,
    convertedAmount: dcc.converted_amount,
  };
}

/** The receipt page's entry to the core: pages never import lib/db. */
export const hostedReceipt = async (id: string) => loadHostedReceipt(await getDb(), id);
