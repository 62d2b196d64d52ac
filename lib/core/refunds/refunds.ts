import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation, organisationScope, requireRole } from '@/lib/auth/access';
import { now } from '@/lib/clock';
import { refunds, transactions } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { listPage } from '@/lib/http/list-result';
import { isoCurrency } from '@/lib/money';
import { processorFor } from '@/lib/payments/processor';
import { recordAudit } from '../audit/record-audit';
import { listParams } from '../shared/list-params';
import { REFUND_HOLDING_STATUSES } from '../transactions/transaction-query';

export const refundRequestSchema = z.object({ amount: z.int().min(1) });
export const listRefundsSchema = listParams();
export const authorizationCodeParams = z.object({ authorization_code: z.string().trim().min(1).max(100) });

type Refund = typeof refunds.$inferSelect;

export function serializeRefund(r: Refund) {
  return {
    id: r.id, amount: r.amount, currency: r.currency, status: r.status, authorization_code: r.authorizationCode,
    transaction_id: r.transactionId, organisation: r.organisationId, provider_reference: r.providerReference,
    completed_at: r.completedAt?.toISOString() ?? null, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
  };
}

/**
 * Starts a refund in PENDING_AUTHORISATION. The transaction row is locked while
 * the refundable amount is computed and the refund written, so two refunds
 * racing can never together exceed what was taken.
 */
export async function requestRefund(db: Db, actor: Actor, transactionId: string, amount: number) {
  requireRole(actor, 'booking-and-payment:create:payment');
  return db.transaction(async (tx) => {
    const [transaction] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
    if (!transaction || !canAccessOrganisation(actor, transaction.organisationId)) throw notFound('Transaction');
    if (transaction.status !== 'COMPLETE') {
      throw new AppError('transaction.not_refundable', `Only a COMPLETE transaction can be refunded; this one is ${transaction.status}${transaction.status === 'PENDING' ? ' (reverse it instead)' : ''}.`);
    }
    const [held] = await tx.select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)` }).from(refunds)
      .where(and(eq(refunds.transactionId, transactionId), inArray(refunds.status, [...REFUND_HOLDING_STATUSES])));
    const refundable = transaction.amount - Number(held!.total);
    if (amount > refundable) throw new AppError('refund.exceeds_refundable', `amount ${amount} is more than the ${refundable} still refundable on this transaction.`);
    const [refund] = await tx.insert(refunds).values({
      organisationId: transaction.organisationId, transactionId, userId: actor.userId, amount, currency: transaction.currency,
      status: 'PENDING_AUTHORISATION', authorizationCode: `RFA-${randomBytes(6).toString('hex').toUpperCase()}`,
    }).returning();
    await recordAudit(tx, actor, { organisationId: transaction.organisationId, type: 'transaction:refund', entityId: refund!.id });
    return serializeRefund(refund!);
  });
}

export async function listRefunds(db: Db, actor: Actor, input: z.output<typeof listRefundsSchema>) {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const where = inArray(refunds.organisationId, scope);
  const page = await listPage(input,
    (limit, offset) => db.select().from(refunds).where(where).orderBy(desc(refunds.createdAt), desc(refunds.id)).limit(limit).offset(offset),
    async () => (await db.select({ n: count() }).from(refunds).where(where))[0]!.n);
  return page.map(serializeRefund);
}

/**
 * Decides a refund once: the move out of PENDING_AUTHORISATION is one
 * conditional UPDATE, so a second authorise or decline (or both at once)
 * answers 409 and never refunds twice. An authorised refund is then sent to
 * the processor; if that fails it stays AUTHORISED and the runner retries it.
 */
export async function decideRefund(db: Db, actor: Actor, code: string, decision: 'authorise' | 'decline') {
  requireRole(actor, 'booking-and-payment:create:payment');
  const [existing] = await db.select().from(refunds).where(eq(refunds.authorizationCode, code));
  if (!existing || !canAccessOrganisation(actor, existing.organisationId)) throw notFound('Refund');
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx.update(refunds).set({ status: decision === 'authorise' ? 'AUTHORISED' : 'DECLINED', updatedAt: now() })
      .where(and(eq(refunds.id, existing.id), eq(refunds.status, 'PENDING_AUTHORISATION'))).returning();
    if (!row) return null;
    await recordAudit(tx, actor, { organisationId: row.organisationId, type: decision === 'authorise' ? 'refund:authorise' : 'refund:decline', entityId: row.id });
    return row;
  });
  if (!decided) {
    const [current] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, existing.id));
    throw new AppError('refund.not_pending', `This refund was already decided: it is ${current!.status}.`);
  }
  return serializeRefund(decision === 'authorise' ? await sendRefund(db, decided) : decided);
}

/** Sends an AUTHORISED refund to the processor (idempotent by refund id) and marks it COMPLETE. */
export async function sendRefund(db: Db, refund: Refund): Promise<Refund> {
  const [transaction] = await db.select().from(transactions).where(eq(transactions.id, refund.transactionId));
  try {
    const { providerReference } = await processorFor(db).refund({
      providerReference: transaction!.providerReference!, amount: refund.amount, currency: isoCurrency(refund.currency), idempotencyKey: `${refund.id}:refund`,
    });
    const [done] = await db.update(refunds).set({ status: 'COMPLETE', providerReference, completedAt: now(), updatedAt: now() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'AUTHORISED'))).returning();
    return done ?? refund;
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'refund not sent; the runner will retry', refund_id: refund.id, error: String(error) }));
    return refund;
  }
}
