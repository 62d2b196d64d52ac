import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation, organisationScope, requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { organisations, refunds } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { listPage } from '@/lib/http/list-result';
import { emitRefundEvent } from '@/lib/events/refund-events';
import { recordAudit } from '../audit/record-audit';
import { listParams } from '../shared/list-params';
import { minorUnits } from '../shared/money-schema';
import { assertRefundable, lockTransaction } from '../balance/booking-balance';
import { processorMoney } from '../payments/processor-money';
import { processorRefundAmount } from './processor-refund';
import { sendRefund } from './send-refund';
import { serializeRefund } from './serialize-refund';

export { sendRefund, serializeRefund };

export const refundRequestSchema = z.object({ amount: minorUnits() });
export const listRefundsSchema = listParams();
export const authorizationCodeParams = z.object({ authorization_code: z.string().trim().min(1).max(100) });

/**
 * Starts a refund in PENDING_AUTHORISATION. Its booking and then the
 * transaction are locked while the booking balance module checks it (within the
 * transaction less its refunds and chargebacks, and within what its booking still
 * holds after refunds, chargebacks and credit notes), so refunds, credit notes and re-assigns racing can never together pay
 * out more than was taken. The amount sent to the processor is fixed here, in
 * the currency the payment was authorised in.
 */
export async function requestRefund(db: Db, actor: Actor, transactionId: string, amount: number) {
  requireRole(actor, 'booking-and-payment:create:payment');
  return db.transaction(async (tx) => {
    const transaction = await lockTransaction(tx, transactionId);
    if (!transaction || !canAccessOrganisation(actor, transaction.organisationId)) throw notFound('Transaction');
    if (transaction.status !== 'COMPLETE') {
      throw new AppError(
        'transaction.not_refundable',
        `Only a COMPLETE transaction can be refunded; this one is ${transaction.status}${transaction.status === 'PENDING' ? ' (reverse it instead)' : ''}.`,
      );
    }
    const { gone, goneProcessor } = await assertRefundable(tx, transaction, amount);
    const sent = processorMoney(transaction);
    const processorAmount = processorRefundAmount({
      taken: transaction.amount,
      sent: sent.amount,
      heldBefore: gone,
      sentBefore: goneProcessor,
      amount,
    });
    if (processorAmount < 1)
      throw new AppError(
        'refund.too_small',
        `amount ${amount} converts to nothing in ${sent.currency}, the currency the payment was taken in.`,
      );
    const [refund] = await tx
      .insert(refunds)
      .values({
        organisationId: transaction.organisationId,
        transactionId,
        userId: actor.userId,
        amount,
        currency: transaction.currency,
        processorAmount,
        processorCurrency: sent.currency,
        status: 'PENDING_AUTHORISATION',
        authorizationCode: `RFA-${randomBytes(6).toString('hex').toUpperCase()}`,
      })
      .returning();
    await recordAudit(tx, actor, {
      organisationId: transaction.organisationId,
      type: 'transaction:refund',
      entityId: refund!.id,
    });
    return serializeRefund(refund!);
  });
}

export async function listRefunds(db: Db, actor: Actor, input: z.output<typeof listRefundsSchema>) {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const where = inArray(refunds.organisationId, scope);
  const page = await listPage(
    input,
    (limit, offset) =>
      db
        .select()
        .from(refunds)
        .where(where)
        .orderBy(desc(refunds.createdAt), desc(refunds.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(refunds).where(where))[0]!.n,
  );
  return page.map(serializeRefund);
}

/**
 * Decides a refund once: the move out of PENDING_AUTHORISATION is one
 * conditional UPDATE, so a second authorise or decline (or both at once)
 * answers 409 and never refunds twice. With the organisation setting
 * `refunds_require_second_user`, the user who requested a refund cannot
 * authorise it (declining moves no money, so they may). An authorised refund
 * is then sent to the processor; a failure is retried by the runner.
 */
export async function decideRefund(db: Db, actor: Actor, code: string, decision: 'authorise' | 'decline') {
  requireRole(actor, 'booking-and-payment:create:payment');
  const [existing] = await db.select().from(refunds).where(eq(refunds.authorizationCode, code));
  if (!existing || !canAccessOrganisation(actor, existing.organisationId)) throw notFound('Refund');
  if (decision === 'authorise' && existing.userId === actor.userId) {
    const [org] = await db
      .select({ settings: organisations.settings })
      .from(organisations)
      .where(eq(organisations.id, existing.organisationId));
    if (org?.settings.refunds_require_second_user) {
      throw new AppError(
        'refund.same_user',
        'This organisation requires a refund to be authorised by a user other than the one who requested it.',
      );
    }
  }
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(refunds)
      .set(
        decision === 'authorise'
          ? // The first attempt is made at once; next_attempt_at is when the runner sends it if this process dies first.
            {
              status: 'AUTHORISED',
              authorisedByUserId: actor.userId,
              nextAttemptAt: new Date(now().getTime() + 60_000),
              updatedAt: now(),
            }
          : { status: 'DECLINED', updatedAt: now() },
      )
      .where(and(eq(refunds.id, existing.id), eq(refunds.status, 'PENDING_AUTHORISATION')))
      .returning();
    if (!row) return null;
    await recordAudit(tx, actor, {
      organisationId: row.organisationId,
      type: decision === 'authorise' ? 'refund:authorise' : 'refund:decline',
      entityId: row.id,
    });
    await emitRefundEvent(tx, row);
    return row;
  });
  if (!decided) {
    const [current] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, existing.id));
    throw new AppError('refund.not_pending', `This refund was already decided: it is ${current!.status}.`);
  }
  return serializeRefund(decision === 'authorise' ? await sendRefund(db, decided) : decided);
}
