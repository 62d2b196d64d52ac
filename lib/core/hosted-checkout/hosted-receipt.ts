import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { bookings, organisations, paymentLinks, transactions, type DccChoice } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { PAYING_STATUSES } from '../checkout/checkout-status';
import { isUuid } from '../shared/is-uuid';

/** The organisation's legal details as its settings give them (organisation-settings.ts); null: not given. */
export type LegalDetails = {
  address: string | null;
  companyNumber: string | null;
  vatNumber: string | null;
  atolNumber: string | null;
};

/**
 * What a printable receipt shows of one payment: who paid (the name the link was made out to, else
 * the name on the card), what for, to whom (with its legal details), how, when and its short reference;
 * of the card, only its brand and last four.
 */
export type HostedReceipt = {
  id: string;
  shortReference: string;
  status: 'COMPLETE' | 'PENDING';
  organisationName: string;
  organisationLogo: string | null;
  legal: LegalDetails;
  payer: string | null;
  description: string | null;
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
    .select({
      t: transactions,
      organisation: organisations,
      bookingReference: bookings.bookingReference,
      link: { customerName: paymentLinks.customerName, description: paymentLinks.description },
    })
    .from(transactions)
    .innerJoin(organisations, eq(organisations.id, transactions.organisationId))
    .leftJoin(bookings, eq(bookings.id, transactions.bookingId))
    .leftJoin(paymentLinks, eq(paymentLinks.id, transactions.paymentLinkId))
    .where(eq(transactions.id, id));
  if (!row || !(PAYING_STATUSES as readonly string[]).includes(row.t.status)) return null;
  const { t } = row;
  const settings = row.organisation.settings;
  const logo = settings.logo_url ?? row.organisation.image;
  return {
    id: t.id,
    shortReference: t.shortReference,
    status: t.status as HostedReceipt['status'],
    organisationName: row.organisation.name,
    organisationLogo: logo && /^https?:\/\//i.test(logo) ? logo : null,
    legal: {
      address: settings.legal_address ?? null,
      companyNumber: settings.company_number ?? null,
      vatNumber: settings.vat_number ?? null,
      atolNumber: settings.atol_number ?? null,
    },
    payer: row.link?.customerName || t.cardholderName || null,
    description: row.link?.description ?? null,
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

/** The DCC a payer accepted, as a receipt shows it (the page and the email); null when none was accepted. */
export function acceptedDcc(dcc: DccChoice | null): HostedReceipt['dcc'] {
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
