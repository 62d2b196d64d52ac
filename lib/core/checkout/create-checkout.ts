import { and, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireOrganisation, requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { customers, organisations, paymentLinks } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { invalidField, notFound } from '@/lib/http/app-error';
import { recordAudit } from '../audit/record-audit';
import { addDays, endOfDayOrInstant } from '../shared/dates';
import { findBookingInOrganisation } from '../shared/find-booking-in-organisation';
import { checkoutOptionsFrom, type CheckoutInput } from './checkout-input';
import type { CheckoutKind } from './checkout-query';

/** Creates a payment link or an ecommerce session; they differ only in kind and default lifetime. */
export async function createCheckout(
  db: Db,
  actor: Actor,
  kind: CheckoutKind,
  input: CheckoutInput & { typeId?: string },
  defaultLifetimeDays: number,
) {
  requireOrganisation(actor, input.organisation);
  requireRole(actor, 'booking-and-payment:create:payment');
  if (!input.card_enabled && !input.open_banking_enabled)
    throw invalidField(
      'card_enabled and open_banking_enabled cannot both be false: the customer would have no way to pay.',
    );
  if (input.card_enabled && !input.open_banking_enabled && new Set(input.excluded_card_types).size === 3) {
    throw invalidField(
      'excluded_card_types excludes every card type and open banking is off: the customer would have no way to pay.',
    );
  }
  const expiresAt = input.expires_at ? endOfDayOrInstant(input.expires_at) : addDays(now(), defaultLifetimeDays);
  if (expiresAt.getTime() <= now().getTime()) throw invalidField('expires_at must be in the future.');

  if (input.moto_enabled && kind !== 'ecommerce') {
    throw invalidField(
      "moto_enabled applies only to ecommerce sessions (the embedded checkout's MOTO flag); a payment link is always paid online.",
    );
  }
  return db.transaction(async (tx) => {
    if (input.moto_enabled) {
      const [organisation] = await tx
        .select({ paymentMethods: organisations.paymentMethods })
        .from(organisations)
        .where(eq(organisations.id, input.organisation));
      if (!organisation?.paymentMethods.includes('MOTO_IN_PERSON')) {
        throw invalidField("moto_enabled needs MOTO_IN_PERSON in the organisation's payment_methods.");
      }
    }
    if (input.booking_id) await findBookingInOrganisation(tx, input.organisation, input.booking_id);
    if (input.customer_id) {
      const [customer] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, input.customer_id), eq(customers.organisationId, input.organisation)));
      if (!customer) throw notFound('Customer');
    }
    const [created] = await tx
      .insert(paymentLinks)
      .values({
        organisationId: input.organisation,
        kind,
        bookingId: input.booking_id ?? null,
        customerId: input.customer_id ?? null,
        userId: actor.userId,
        customerName: input.customer_name,
        email: input.email,
        amount: input.amount,
        currency: input.currency,
        description: input.description ?? null,
        typeId: input.typeId ?? 'UNKNOWN',
        openBankingEnabled: input.open_banking_enabled,
        cardEnabled: input.card_enabled,
        options: checkoutOptionsFrom(input),
        successUrl: input.success_url ?? null,
        failureUrl: input.failure_url ?? null,
        cancelUrl: input.cancel_url ?? null,
        expiresAt,
      })
      .returning({ id: paymentLinks.id });
    await recordAudit(tx, actor, {
      organisationId: input.organisation,
      type: kind === 'ecommerce' ? 'ecommerce:create' : 'payment-link:create',
      entityId: created!.id,
    });
    return { id: created!.id };
  });
}
