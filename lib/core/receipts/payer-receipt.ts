import { acceptedDcc } from '@/lib/core/hosted-checkout/hosted-receipt';
import { formatShortReference } from '@/lib/core/transactions/short-reference';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import type { DccChoice, OrganisationSettings } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { enqueueEmailOnce } from '@/lib/email/enqueue-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { customerLocale } from '@/lib/email/organisation-locale';
import { emailText } from '@/lib/email/templates/email-text';
import type { RenderedEmail } from '@/lib/email/templates/render-email';
import { receiptEmail } from '@/lib/email/templates/receipt-email';
import { now } from '@/lib/clock';
import { routing } from '@/lib/i18n/routing';
import { hostedOrigin } from '../groups/hosted-origin';
import { brandName } from './brand-name';

export const RECEIPT_KIND = 'payment_receipt';
/** One receipt per payment, ever: the outbox's unique dedupe key (enqueueEmailOnce). */
export const receiptKey = (transactionId: string) => `receipt:${transactionId}`;

type ReceiptRow = {
  id: string;
  short_reference: string;
  organisation_id: string;
  status: string;
  amount: string | number;
  currency: string;
  surcharge: string | number;
  dcc: DccChoice | null;
  type: string;
  card_brand: string | null;
  card_last_four: string | null;
  wallet: string | null;
  automatic: boolean | string;
  paid_at: Date | string | null;
  organisation_name: string;
  organisation_image: string | null;
  settings: OrganisationSettings;
  booking_reference: string | null;
  payer_email: string | null;
  payer_name: string | null;
  locale: string | null;
};

/** The payer's rows of transaction alias `t` (b, l, m): with PAYER_EMAIL, who a receipt goes to. */
export const payerJoins = (t: string) =>
  sql.raw(`left join bookings b on b.id = ${t}.booking_id
    left join payment_links l on l.id = ${t}.payment_link_id
    left join group_members m on m.id = l.group_member_id`);
/** A group member's own email (none: no receipt, never the leader's), else the link's customer's, else the booking's. */
export const PAYER_EMAIL = sql.raw(
  `case when m.id is not null then m.email else coalesce(nullif(l.email, ''), b.email) end`,
);

/**
 * What a payer's receipt is made of, read in the caller's SQL transaction. The payer is a group member (their
 * own email; none: no receipt, never the leader's), else the link's customer, else the booking's. The language
 * is the page's the payer paid on (transactions.locale); a payment no page started (an automatic collection, a
 * saved-card charge) takes the payer's last known one: the newest payment with a locale of the same member,
 * else of the same booking; en-GB when there is none (emailText).
 */
async function loadReceiptRow(tx: Executor, transactionId: string): Promise<ReceiptRow | undefined> {
  const [row] = await queryRows<ReceiptRow>(
    tx,
    sql`
    select t.id, t.short_reference, t.organisation_id, t.status, t.amount, t.currency, t.surcharge, t.dcc, t.type, t.card_brand, t.card_last_four, t.wallet,
      (t.saved_card_id is not null and not t.store_card) as automatic, coalesce(t.completed_at, t.authorised_at) as paid_at,
      o.name as organisation_name, o.image as organisation_image, o.settings, b.booking_reference,
      ${PAYER_EMAIL} as payer_email,
      case when m.id is not null then m.customer_name else coalesce(l.customer_name, b.customer_name) end as payer_name,
      coalesce(t.locale, (
        select p.locale from transactions p left join payment_links pl on pl.id = p.payment_link_id
        where p.locale is not null and p.organisation_id = t.organisation_id
          and (case when m.id is not null then pl.group_member_id = m.id else p.booking_id = t.booking_id end)
        order by p.created_at desc limit 1)) as locale
    from transactions t
    join organisations o on o.id = t.organisation_id
    ${payerJoins('t')}
    where t.id = ${transactionId}::uuid`,
  );
  return row;
}

export type PayerReceipt = RenderedEmail & { organisationId: string; to: string };

/**
 * The receipt email of one payment as its row records it (COMPLETE: paid; PENDING: held on the card), or null
 * when the payer has no email.
 */
export async function renderPayerReceipt(tx: Executor, transactionId: string): Promise<PayerReceipt | null> {
  const row = await loadReceiptRow(tx, transactionId);
  if (!row?.payer_email) return null;
  const text = emailText(customerLocale(row.locale, row.settings));
  const prefix = text.locale === routing.defaultLocale ? '' : `/${text.locale}`;
  const email = await receiptEmail(emailBrand(row.organisation_name, row.settings, row.organisation_image), text, {
    payerName: row.payer_name,
    bookingReference: row.booking_reference,
    // The short reference the receipt page and the API show (lib/core/transactions/short-reference.ts).
    paymentReference: formatShortReference(row.short_reference),
    held: row.status === 'PENDING',
    amount: Number(row.amount),
    currency: row.currency,
    surcharge: Number(row.surcharge),
    dcc: acceptedDcc(row.dcc),
    method:
      row.type === 'OPEN_BANKING'
        ? { kind: 'bank' }
        : { kind: 'card', brand: brandName(row.card_brand), lastFour: row.card_last_four, wallet: row.wallet },
    automatic: row.automatic === true || row.automatic === 'true',
    paidAt: row.paid_at ? new Date(row.paid_at) : now(),
    receiptUrl: `${hostedOrigin(row.settings)}${prefix}/receipts/${row.id}`,
  });
  return { ...email, organisationId: row.organisation_id, to: row.payer_email };
}

/**
 * Queues the payer's receipt of a payment just taken (COMPLETE or PENDING), in the SQL transaction that moved
 * it: the receipt exists if and only if the payment does. Once per payment whoever settles it (the lifecycle
 * guard lets one mover win; the outbox's dedupe key makes a second receipt impossible all the same).
 */
export async function queuePayerReceipt(tx: Executor, transactionId: string): Promise<void> {
  const receipt = await renderPayerReceipt(tx, transactionId);
  if (!receipt) return;
  const { organisationId, to, subject, text, html } = receipt;
  await enqueueEmailOnce(tx, receiptKey(transactionId), {
    organisationId,
    kind: RECEIPT_KIND,
    to,
    subject,
    text,
    html,
  });
}
