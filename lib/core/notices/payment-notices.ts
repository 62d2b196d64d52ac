import { sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { organisationNotices, type OrganisationSettings } from '@/lib/db/schema';
import { queryRows } from '@/lib/db/query-rows';
import type { Db, Executor } from '@/lib/db/types';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { organisationLocale } from '@/lib/email/organisation-locale';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { emailText } from '@/lib/email/templates/email-text';
import type { RenderedEmail } from '@/lib/email/templates/render-email';
import { paymentDigestEmail } from '@/lib/email/templates/payment-digest-email';
import { paymentNoticeEmail, type NoticePayment } from '@/lib/email/templates/payment-notice-email';
import { formatShortReference } from '../transactions/short-reference';
import { organisationRecipients } from './organisation-recipients';

/** An organisation whose setting asks for notices, as the runner reads it. */
export type NoticeOrganisation = { id: string; name: string; image: string | null; settings: OrganisationSettings };

type PaymentRow = {
  id: string;
  short_reference: string;
  amount: string | number;
  currency: string;
  completed_at: Date | string;
  booking_reference: string | null;
  payer: string | null;
  card_brand: string | null;
  card_last_four: string | null;
};

/** The columns of a completed payment a notice shows (t: transactions; its link and booking joined). */
export const noticePaymentColumns = sql`t.id, t.short_reference, t.amount, t.currency, t.completed_at, b.booking_reference,
  coalesce(nullif(l.customer_name, ''), b.customer_name, t.cardholder_name) as payer, t.card_brand, t.card_last_four`;
export const noticePaymentJoins = sql`left join payment_links l on l.id = t.payment_link_id
  left join bookings b on b.id = t.booking_id`;

export const toNoticePayment = (row: PaymentRow): NoticePayment => ({
  reference: formatShortReference(row.short_reference),
  amount: Number(row.amount),
  currency: row.currency,
  completedAt: new Date(row.completed_at),
  bookingReference: row.booking_reference,
  payer: row.payer,
  cardBrand: row.card_brand,
  cardLastFour: row.card_last_four,
});

const brandOf = (org: NoticeOrganisation) => emailBrand(org.name, org.settings, org.image);
/** The staff's language: the organisation's `notification_locale`, else en-GB (organisation-locale.ts). */
const textOf = (org: NoticeOrganisation) => emailText(organisationLocale(org.settings));

/**
 * Claims a notice under its unique key and, only if this caller inserted the claim, queues its email to every
 * recipient, in the same SQL transaction: two runners racing insert the same key, one gets the row back and
 * sends, the other sends nothing. Answers whether this call claimed it.
 */
async function claimAndQueue(
  db: Db,
  org: NoticeOrganisation,
  claim: { kind: 'payment' | 'digest'; dedupeKey: string },
  email: RenderedEmail | null,
): Promise<boolean> {
  return db.transaction(async (tx: Executor) => {
    const claimed = await tx
      .insert(organisationNotices)
      .values({ organisationId: org.id, ...claim, createdAt: now() })
      .onConflictDoNothing({ target: organisationNotices.dedupeKey })
      .returning({ id: organisationNotices.id });
    if (claimed.length === 0) return false;
    if (!email) return true;
    for (const to of await organisationRecipients(tx, org.id, org.settings)) {
      await enqueueEmail(tx, { organisationId: org.id, kind: `merchant-${claim.kind}`, to, ...email });
    }
    return true;
  });
}

/** The notice of one completed payment (merchant_notices = each_payment), once: claim `payment:{transaction_id}`. */
export async function sendPaymentNotice(db: Db, org: NoticeOrganisation, row: PaymentRow): Promise<boolean> {
  const email = await paymentNoticeEmail(brandOf(org), textOf(org), toNoticePayment(row));
  return claimAndQueue(db, org, { kind: 'payment', dedupeKey: `payment:${row.id}` }, email);
}

/** The claim key of an organisation's digest of one London day (YYYY-MM-DD). */
export const digestKey = (organisationId: string, day: string) => `digest:${day}:${organisationId}`;

/**
 * The digest of one London day's completed payments (merchant_notices = daily_digest), once: claim
 * `digest:{day}:{organisation}`. A day without payments is claimed and sends nothing. The day is over when this
 * runs, so its payments no longer change.
 */
export async function sendDailyDigest(db: Db, org: NoticeOrganisation, day: string): Promise<boolean> {
  const rows = await queryRows<PaymentRow>(
    db,
    sql`
    select ${noticePaymentColumns}
    from transactions t ${noticePaymentJoins}
    where t.organisation_id = ${org.id} and t.status = 'COMPLETE'
      and t.completed_at >= (${day}::date)::timestamp at time zone 'Europe/London'
      and t.completed_at < (${day}::date + 1)::timestamp at time zone 'Europe/London'
    order by t.completed_at, t.id`,
  );
  const email =
    rows.length > 0
      ? await paymentDigestEmail(brandOf(org), textOf(org), {
          day: new Date(`${day}T12:00:00Z`),
          payments: rows.map(toNoticePayment),
        })
      : null;
  return claimAndQueue(db, org, { kind: 'digest', dedupeKey: digestKey(org.id, day) }, email);
}
