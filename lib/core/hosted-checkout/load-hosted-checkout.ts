import { and, desc, eq, is, isNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { keptStatement } from '@/lib/db/kept-statement';
import { bookings, organisations, paymentLinks, transactions } from '@/lib/db/schema';
import { now } from '@/lib/clock';
import type { Db } from '@/lib/db/types';
import { effectivePaymentSettings } from '@/lib/payments/payment-settings';
import { cardRulesNeedFacts } from '../payments/card-quote';
import { motoAllowed } from '../payments/moto';
import { isUuid } from '../shared/is-uuid';
import { loadMemberCheckout, type MemberCheckout } from './member-checkout';

/** The latest payment attempt of a link: what the state table needs, and what a receipt shows. */
export type HostedTransaction = {
  id: string;
  status: string;
  stage: string | null;
  type: string;
  amount: number;
  surcharge: number;
  cardBrand: string | null;
  cardLastFour: string | null;
  /** The wallet the card was paid from (apple_pay, google_pay), or null. */
  wallet: string | null;
  failureReason: string | null;
  paidAt: Date | null;
  createdAt: Date;
};

/** What the customer-facing checkout shows of a payment link: no customer data beyond the payer's name. */
export type HostedCheckout = {
  id: string;
  organisationName: string;
  organisationLogo: string | null;
  /** ISO 3166 alpha-2 (the card rules' home country; adyen-web's countryCode). */
  organisationCountry: string;
  /** settings.brand_colour as stored (#rrggbb or null); the page decides whether it keeps contrast (lib/branding). */
  brandColour: string | null;
  description: string | null;
  amount: number;
  currency: string;
  bookingReference: string | null;
  /** The customer the link is made out to: the payer. */
  payerName: string;
  expiresAt: Date;
  methods: { card: boolean; openBanking: boolean };
  authorisationOnly: boolean;
  /** An ecommerce session whose creator allowed MOTO, of an organisation whose payment methods include it (lib/core/payments/moto.ts). */
  motoAllowed: boolean;
  /**
   * A rule of the link needs the card's brand or issuing country before the payment (exclusions, surcharge, DCC:
   * card-quote.ts). A production wallet's token tells neither, so production offers no wallet then (docs/checkout.md).
   */
  cardRulesNeedFacts: boolean;
  /** The store-card choice the page offers (the core applies the same rule): none without a booking to save to. */
  storeCard: StoreCardChoice;
  redirects: { success: string | null; failure: string | null; cancel: string | null };
  /**
   * A paying (COMPLETE or PENDING) attempt wins over a later one; then, for a
   * group member's link, the member's payment of another link that covers this
   * one (settled by it, or in progress); otherwise the newest attempt.
   */
  latest: HostedTransaction | null;
  /** A group member's link: their share, instalments and what may be paid from here; null for any other link. */
  member?: MemberCheckout | null;
};

/** choice: an unticked checkbox; hidden: no checkbox, nothing saved; forced: no checkbox, a sentence that the card is saved. */
export type StoreCardChoice = 'choice' | 'hidden' | 'forced';

export function storeCardChoice(
  hasBooking: boolean,
  options: { hide_store_card: boolean; store_card_forced: boolean },
): StoreCardChoice {
  if (!hasBooking) return 'hidden';
  if (options.store_card_forced) return 'forced';
  return options.hide_store_card ? 'hidden' : 'choice';
}

export const isCheckoutId = isUuid;

/** Which checkouts a hosted page serves: the payment link page links, the embed ecommerce sessions. */
export type HostedCheckoutKind = 'payment_link' | 'ecommerce';

/**
 * The link's attempt the page shows (HostedCheckout.latest), joined laterally to the link's row: a paying
 * (COMPLETE or PENDING) attempt wins over a later one; otherwise the newest attempt.
 */
function latestAttempt(db: Db) {
  const t = transactions;
  const attempt = db
    .select({
      id: t.id,
      status: t.status,
      stage: t.stage,
      type: t.type,
      amount: t.amount,
      surcharge: t.surcharge,
      cardBrand: t.cardBrand,
      cardLastFour: t.cardLastFour,
      wallet: t.wallet,
      failureReason: t.failureReason,
      completedAt: t.completedAt,
      authorisedAt: t.authorisedAt,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(eq(t.paymentLinkId, paymentLinks.id))
    .orderBy(sql`${t.status} in ('COMPLETE', 'PENDING') desc`, desc(t.createdAt))
    .limit(1)
    .as('latest_attempt');
  const {
    id,
    status,
    stage,
    type,
    amount,
    surcharge,
    cardBrand,
    cardLastFour,
    wallet,
    failureReason,
    completedAt,
    authorisedAt,
    createdAt,
  } = attempt;
  return {
    attempt,
    columns: {
      id,
      status,
      stage,
      type,
      amount,
      surcharge,
      cardBrand,
      cardLastFour,
      wallet,
      failureReason,
      completedAt,
      authorisedAt,
      createdAt,
    },
  };
}

/*
 * Every hosted page render runs this one statement, so it is built once per database
 * handle (a prepared query: drizzle turns the builder into SQL, with every column
 * and the lateral join, once, not per request) and selects only the columns the page
 * uses. Building it per call cost more CPU than PostgreSQL's own planning and
 * execution (PGlite, 300 calls: 8.0 ms a call built each time, 2.8 ms for the same
 * SQL sent raw). Its plan is kept by the database too, on PGlite as on PostgreSQL
 * (lib/db/kept-statement.ts): planning was most of what remained. `npm run bench --
 * --pages` measures the checkout against a page without a query (docs/checkout.md, Benchmark).
 */
function buildCheckoutQuery(db: Db) {
  const latest = latestAttempt(db);
  const l = paymentLinks;
  const o = organisations;
  return db
    .select({
      link: {
        id: l.id,
        bookingId: l.bookingId,
        groupMemberId: l.groupMemberId,
        description: l.description,
        amount: l.amount,
        currency: l.currency,
        customerName: l.customerName,
        expiresAt: l.expiresAt,
        cardEnabled: l.cardEnabled,
        openBankingEnabled: l.openBankingEnabled,
        options: l.options,
        successUrl: l.successUrl,
        failureUrl: l.failureUrl,
        cancelUrl: l.cancelUrl,
      },
      organisation: {
        name: o.name,
        settings: o.settings,
        image: o.image,
        country: o.country,
        paymentMethods: o.paymentMethods,
      },
      bookingReference: bookings.bookingReference,
      chosen: latest.columns,
    })
    .from(l)
    .innerJoin(o, eq(o.id, l.organisationId))
    .leftJoin(bookings, eq(bookings.id, l.bookingId))
    .leftJoinLateral(latest.attempt, sql`true`)
    .where(and(eq(l.id, sql.placeholder('id')), eq(l.kind, sql.placeholder('kind')), isNull(l.deletedAt)))
    .prepare('hosted_checkout');
}

type CheckoutQuery = ReturnType<typeof buildCheckoutQuery>;
/** One prepared query per handle: the process's database, or a transaction that asks itself. */
const checkoutQueries = new WeakMap<Db, CheckoutQuery>();

function checkoutQuery(db: Db): CheckoutQuery {
  let query = checkoutQueries.get(db);
  if (!query) {
    // The process's database keeps the plan on PGlite too (kept-statement.ts); a transaction's handle never PREPAREs.
    query = is(db, PgTransaction) ? buildCheckoutQuery(db) : keptStatement(buildCheckoutQuery(db), 'hosted_checkout');
    checkoutQueries.set(db, query);
  }
  return query;
}

/**
 * Reads a payment link (or, for the embed, an ecommerce session) for its hosted
 * page, with no caller to authorise: the id is the customer's capability. Deleted
 * checkouts, checkouts of the other kind and ids that are not uuids are null (a 404), never an error.
 */
export async function loadHostedCheckout(
  db: Db,
  id: string,
  kind: HostedCheckoutKind = 'payment_link',
): Promise<HostedCheckout | null> {
  if (!isCheckoutId(id)) return null;
  // One round trip (every hosted page render reads this): the link, its organisation and booking, and its latest attempt.
  const [row] = await checkoutQuery(db).execute({ id, kind });
  if (!row) return null;
  const { link, chosen: own } = row;
  const member = await loadMemberCheckout(db, link, now());
  // The link's own paying attempt wins; else a group member's covering payment made on another link; else its newest attempt.
  const paying = own && (own.status === 'COMPLETE' || own.status === 'PENDING') ? own : undefined;
  const covering =
    !paying && member?.coveringPaymentId && own?.id !== member.coveringPaymentId
      ? (await db.select().from(transactions).where(eq(transactions.id, member.coveringPaymentId)))[0]
      : undefined;
  const chosen = paying ?? covering ?? own ?? undefined;
  return {
    id: link.id,
    organisationName: row.organisation.name,
    organisationLogo: safeImage(row.organisation.settings.logo_url ?? row.organisation.image),
    organisationCountry: (row.organisation.country || 'GB').toUpperCase(),
    brandColour: row.organisation.settings.brand_colour ?? null,
    description: link.description,
    amount: link.amount,
    currency: link.currency,
    bookingReference: row.bookingReference ?? null,
    payerName: link.customerName,
    expiresAt: link.expiresAt,
    methods: { card: link.cardEnabled, openBanking: link.openBankingEnabled },
    authorisationOnly: link.options.authorisation_only,
    motoAllowed: motoAllowed(kind, link.options, row.organisation.paymentMethods),
    storeCard: storeCardChoice(Boolean(link.bookingId), link.options),
    cardRulesNeedFacts: cardRulesNeedFacts({
      link,
      settings: effectivePaymentSettings(row.organisation.settings, row.organisation.country),
    }),
    redirects: { success: link.successUrl, failure: link.failureUrl, cancel: link.cancelUrl },
    latest: chosen
      ? {
          id: chosen.id,
          status: chosen.status,
          stage: chosen.stage,
          type: chosen.type,
          amount: chosen.amount,
          surcharge: chosen.surcharge,
          cardBrand: chosen.cardBrand,
          cardLastFour: chosen.cardLastFour,
          wallet: chosen.wallet,
          failureReason: chosen.failureReason,
          paidAt: chosen.completedAt ?? chosen.authorisedAt,
          createdAt: chosen.createdAt,
        }
      : null,
    member,
  };
}

/** Only http(s) logos reach an <img>: never javascript: or data: from a hand-edited setting. */
function safeImage(image: string | null): string | null {
  return image && /^https?:\/\//i.test(image) ? image : null;
}
