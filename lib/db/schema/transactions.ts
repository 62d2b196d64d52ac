import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, timestampColumn, updatedAt } from './columns';
import { organisations } from './organisations';
import { bookings } from './bookings';
import { paymentLinks } from './payment-links';
import { savedCards } from './saved-cards';

/** The customer's choice when dynamic currency conversion was offered. */
export type DccChoice = {
  offered: boolean;
  accepted: boolean;
  card_currency?: string;
  rate?: number;
  markup_bps?: number;
  converted_amount?: number;
};

/**
 * The short reference of the payment numbered `short_number`: 8 characters of an alphabet without 0/O
 * and 1/I (32 symbols, 5 bits each: 40 bits). The number is scrambled by a bijection of the 40-bit
 * numbers (an odd multiplier mod 2^40, then xor with its upper half), so consecutive payments do not
 * read as a sequence, and distinct numbers always give distinct references: unique (over every
 * organisation) for 2^40 payments, with no collision to retry. A generated column, so every insert
 * (checkout, stored card, bank, runner) has one and rows older than it were numbered when it came.
 * lib/core/transactions/short-reference.ts holds the same alphabet for reading what people type.
 */
const scrambled = `((short_number::numeric * 790633574291) % 1099511627776)::bigint`;
export const shortReferenceSql = sql.raw(
  Array.from(
    { length: 8 },
    (_, i) =>
      `substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', (((${scrambled} # (${scrambled} >> 20)) >> ${35 - 5 * i}) & 31)::int + 1, 1)`,
  ).join(' || '),
);

/**
 * Every payment attempt and its outcome. Card number data never lands here:
 * brand, last four, BIN (first 8), holder name and the processor's reference only.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: idColumn(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id),
    savedCardId: uuid('saved_card_id').references(() => savedCards.id),
    /** Amount charged in the link's currency, surcharge included. */
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('GBX'),
    status: text('status').notNull(),
    /**
     * While PAYMENTINPROGRESS: authorising, challenge (3-D Secure) or bank (open banking). While PENDING: capturing
     * or reversing, a capture or reverse claimed and not yet settled.
     */
    stage: text('stage'),
    /**
     * When the processor received the capture or reverse of the claim in `stage` (Adyen answers `received`): from then
     * on the claim waits for the processor's notification (CAPTURE, CANCEL_OR_REFUND or their failures) and is not sent again.
     */
    modificationSentAt: timestampColumn('modification_sent_at'),
    /**
     * Claims of a capture or reverse so far: each claim after the first sends under its own idempotency key
     * (`<id>:capture:2`), since Adyen answers a reused key with the first answer and would never try again after
     * CAPTURE_FAILED or a failed reversal; a retry of one claim (the stuck-modifications step) reuses its key.
     */
    modificationAttempts: integer('modification_attempts').notNull().default(0),
    method: text('method').notNull().default('ONLINE'),
    type: text('type').notNull().default('CARD'),
    cardBrand: text('card_brand'),
    /** The wallet the card was paid from (`apple_pay`, `google_pay`), null for a card typed in, a saved card or a bank. */
    wallet: text('wallet'),
    /**
     * A production wallet sent with manual capture to be judged on the processor's answer (wallet-decision.ts): a
     * later answer (3-D Secure's return, the AUTHORISATION notification) is judged the same way, never captured as is.
     */
    decidesAfterAuthorisation: boolean('decides_after_authorisation').notNull().default(false),
    cardLastFour: text('card_last_four'),
    cardBin: text('card_bin'),
    cardType: text('card_type'),
    cardholderName: text('cardholder_name'),
    issuingCountry: text('issuing_country'),
    binType: text('bin_type'),
    surcharge: money('surcharge').notNull().default(0),
    dcc: jsonb('dcc').$type<DccChoice>(),
    storeCard: boolean('store_card').notNull().default(false),
    /** Other links of the same group member this one payment also pays (several instalments at once); null for one link. */
    coveredLinkIds: uuid('covered_link_ids').array(),
    /**
     * What was actually sent to the processor: the card currency and converted
     * amount when DCC was accepted, else amount and currency (as an ISO code).
     * Captures, reverses and refunds use these, never the link's own.
     */
    processorAmount: money('processor_amount'),
    processorCurrency: text('processor_currency'),
    ipAddress: text('ip_address'),
    fingerprint: text('fingerprint'),
    providerReference: text('provider_reference'),
    idempotencyKey: text('idempotency_key'),
    failureReason: text('failure_reason'),
    /** The language of the page the payer paid on (their receipt's); null for payments no page started (API, runner). */
    locale: text('locale'),
    /** Numbers the payments for shortReference (never reused). */
    shortNumber: bigint('short_number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** What a person reads out or types: 8 characters, on receipts and in the API (see above). */
    shortReference: text('short_reference').notNull().generatedAlwaysAs(shortReferenceSql),
    aiAnalysed: boolean('ai_analysed').notNull().default(false),
    authorisedAt: timestampColumn('authorised_at'),
    completedAt: timestampColumn('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('transactions_org_created_idx').on(
      t.organisationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_booking_idx').on(t.bookingId),
    index('transactions_link_idx').on(t.paymentLinkId),
    // Processor notifications find their payment by PSP reference (lib/core/processor-notifications/find-target.ts).
    index('transactions_provider_reference_idx')
      .on(t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    // Card testing counts a customer's recent failures by IP address (lib/core/payments/card-testing.ts).
    index('transactions_ip_created_idx')
      .on(t.ipAddress, t.createdAt)
      .where(sql`${t.ipAddress} is not null`),
    index('transactions_status_created_idx').on(t.status, t.createdAt),
    // The dashboard overview's payments today and this week (lib/core/overview): completed payments by completion time.
    index('transactions_org_completed_idx')
      .on(t.organisationId, t.completedAt)
      .where(sql`${t.status} = 'COMPLETE'`),
    // The overview's unsettled payments: few rows, found without reading the organisation's other payments.
    index('transactions_org_unsettled_idx')
      .on(t.organisationId, t.createdAt)
      .where(sql`${t.status} = 'PAYMENTINPROGRESS' and ${t.stage} = 'unsettled'`),
    // One live payment per link: a second attempt cannot start while one is in
    // progress, held or complete, so two clicks or two tabs never charge twice.
    uniqueIndex('transactions_one_live_payment_per_link_uq')
      .on(t.paymentLinkId)
      .where(sql`${t.status} in ('PAYMENTINPROGRESS', 'PENDING', 'COMPLETE') and ${t.paymentLinkId} is not null`),
    uniqueIndex('transactions_idempotency_uq').on(t.idempotencyKey),
    // Found by its short reference within an organisation (the transactions search); unique by construction.
    uniqueIndex('transactions_org_short_reference_uq').on(t.organisationId, t.shortReference),
  ],
);
