import { sql } from 'drizzle-orm';
import { queryRows } from '@/lib/db/query-rows';
import type { OrganisationSettings } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { enqueueEmailOnce } from '@/lib/email/enqueue-email';
import { collectionFailedEmail, collectionFailure } from '@/lib/email/templates/collection-failed-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { customerLocale } from '@/lib/email/organisation-locale';
import { memberLocaleSql } from '../groups/member-locale';
import { emailText } from '@/lib/email/templates/email-text';
import { routing } from '@/lib/i18n/routing';
import { hostedOrigin } from '../groups/hosted-origin';
import { brandName } from './brand-name';

export const COLLECTION_FAILED_KIND = 'collection_failed';

type FailedRow = {
  organisation_id: string;
  organisation_name: string;
  organisation_image: string | null;
  settings: OrganisationSettings;
  booking_reference: string;
  group_name: string | null;
  member_name: string;
  member_email: string | null;
  amount: string | number;
  currency: string;
  due_at: Date | string | null;
  card_brand: string | null;
  card_last_four: string | null;
  locale: string | null;
};

/**
 * A group member's automatic collection failed for good: the member is told, in their last known language
 * (their newest payment's page, else en-GB), what happened in plain words and how to pay now (the
 * instalment's own link, where another card can be saved for the next ones). Called in the transaction that
 * marks the scheduled payment FAILED, so the email exists if and only if the failure does; once per
 * scheduled payment (dedupe key). A member without an email is not written to (the leader is still alerted).
 */
export async function queueCollectionFailed(
  tx: Executor,
  failed: { scheduledPaymentId: string; paymentLinkId: string; reason: string; transactionId: string | null },
): Promise<void> {
  const [row] = await queryRows<FailedRow>(
    tx,
    sql`
    select o.id as organisation_id, o.name as organisation_name, o.image as organisation_image, o.settings,
      b.booking_reference, g.name as group_name, m.customer_name as member_name, m.email as member_email,
      l.amount, l.currency, l.due_at,
      coalesce(t.card_brand, c.card_brand) as card_brand, coalesce(t.card_last_four, c.last_four) as card_last_four,
      ${memberLocaleSql(sql`m.id`)} as locale
    from payment_links l
    join group_members m on m.id = l.group_member_id
    join payment_link_groups g on g.id = m.group_id
    join bookings b on b.id = g.booking_id
    join organisations o on o.id = l.organisation_id
    left join saved_cards c on c.id = m.saved_card_id
    left join transactions t on t.id = ${failed.transactionId}::uuid
    where l.id = ${failed.paymentLinkId}::uuid`,
  );
  if (!row?.member_email) return;
  const text = emailText(customerLocale(row.locale, row.settings));
  const prefix = text.locale === routing.defaultLocale ? '' : `/${text.locale}`;
  const email = await collectionFailedEmail(
    emailBrand(row.organisation_name, row.settings, row.organisation_image),
    text,
    {
      payerName: row.member_name,
      bookingReference: row.booking_reference,
      groupName: row.group_name,
      amount: Number(row.amount),
      currency: row.currency,
      dueAt: row.due_at === null ? null : new Date(row.due_at),
      failure: collectionFailure(failed.reason),
      card:
        row.card_brand && row.card_last_four
          ? { brand: brandName(row.card_brand)!, lastFour: row.card_last_four }
          : null,
      payUrl: `${hostedOrigin(row.settings)}${prefix}/${failed.paymentLinkId}`,
    },
  );
  await enqueueEmailOnce(tx, `collection_failed:${failed.scheduledPaymentId}`, {
    organisationId: row.organisation_id,
    kind: COLLECTION_FAILED_KIND,
    to: row.member_email,
    ...email,
  });
}
