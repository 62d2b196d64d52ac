import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { queryRows } from '@/lib/db/query-rows';
import { organisations } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { customerLocale } from '@/lib/email/organisation-locale';
import { emailText } from '@/lib/email/templates/email-text';
import { paymentLinkEmail } from '@/lib/email/templates/payment-link-email';
import { AppError } from '@/lib/http/app-error';
import { routing } from '@/lib/i18n/routing';
import { recordAudit } from '../audit/record-audit';
import { paymentLinksResource } from './payment-links';

/** Emails of one payment link in any 24 hours (audit records `payment-link:send`): a typo'd address can be corrected, the service is no relay. */
export const LINK_SENDS_PER_DAY = 5;
const DAY = 86_400_000;

/** POST /agent/payment-links/{id}/send: `email` overrides the link's, `locale` the email's language (default: the organisation's, customerLocale). */
export const sendPaymentLinkSchema = z.object({
  email: z.email().max(320).optional(),
  locale: z.enum(routing.locales).optional(),
});

/** A payment link that is paid or expired cannot be sent: the customer could not pay it. */
export function refuseUnpayable(status: 'active' | 'paid' | 'expired'): void {
  if (status === 'paid')
    throw new AppError('checkout.already_paid', 'The payment link is paid: there is nothing to send.');
  if (status === 'expired')
    throw new AppError('checkout.expired', 'The payment link has expired: create a new one to send.');
}

/**
 * Emails a payment link (docs/api-extensions.md "Sending a payment link"): to `email`, else the link's own email;
 * in `locale`. Refused for a paid or expired link, or past LINK_SENDS_PER_DAY
 * (counted under the link's row lock, so two sends racing at the limit are counted one after the other). The
 * email and the audit record are one transaction.
 */
export async function sendPaymentLink(
  db: Db,
  actor: Actor,
  linkId: string,
  input: z.output<typeof sendPaymentLinkSchema>,
) {
  requireRole(actor, 'booking-and-payment:create:payment');
  const link = await paymentLinksResource.get(db, actor, linkId);
  refuseUnpayable(link.status);
  // A payment link always has an email (PUT /agent/payment-links requires it).
  const to = input.email ?? link.email;
  const [org] = await db
    .select({ name: organisations.name, settings: organisations.settings, image: organisations.image })
    .from(organisations)
    .where(eq(organisations.id, link.organisation.id));
  const text = emailText(customerLocale(input.locale, org!.settings));
  const email = await paymentLinkEmail(emailBrand(org!.name, org!.settings, org!.image), text, {
    customerName: link.customer_name ?? link.customer?.customer_name ?? link.booking?.customer_name ?? null,
    amount: link.amount,
    currency: link.currency,
    description: link.description,
    bookingReference: link.booking?.booking_reference ?? null,
    expiresAt: new Date(link.expires_at),
    url: link.url,
  });
  const queued = await db.transaction(async (tx) => {
    await queryRows(tx, sql`select id from payment_links where id = ${linkId}::uuid for update`);
    await checkLinkSendRate(tx, link.organisation.id, linkId);
    const row = await enqueueEmail(tx, { organisationId: link.organisation.id, kind: 'payment-link', to, ...email });
    await recordAudit(tx, actor, { organisationId: link.organisation.id, type: 'payment-link:send', entityId: linkId });
    return row;
  });
  return { payment_link_id: linkId, email: to, locale: text.locale, email_id: queued.id };
}

async function checkLinkSendRate(tx: Executor, organisationId: string, linkId: string): Promise<void> {
  const since = new Date(now().getTime() - DAY);
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from audit_records
    where organisation_id = ${organisationId} and type = 'payment-link:send' and entity_id = ${linkId} and created_at > ${since}`,
  );
  if (row!.n >= LINK_SENDS_PER_DAY) {
    throw new AppError(
      'payment_link.send_rate_limited',
      `A payment link may be emailed at most ${LINK_SENDS_PER_DAY} times in 24 hours.`,
    );
  }
}
