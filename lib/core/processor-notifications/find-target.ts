import { eq, inArray } from 'drizzle-orm';
import { refunds, transactions } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { isUuid } from '../shared/is-uuid';

type Transaction = typeof transactions.$inferSelect;
type Refund = typeof refunds.$inferSelect;

/** Adyen's reference of an authorise-only challenge carries ':manual' here (adyen-processor.ts); the processor's has none. */
const pspOf = (reference: string | null) => reference?.replace(/:manual$/, '') ?? null;

/**
 * No processor reference known yet: none recorded (a redirect payment whose first answer named none, port.ts), or
 * our own id in its place, which rows written before that fix carry (the adapter used to fall back to it).
 */
const noProcessorReference = (row: Transaction) => !row.providerReference || pspOf(row.providerReference) === row.id;

/**
 * The payment a notification names. Our merchantReference is the transaction
 * id (the reference every payment is sent with), a primary-key look-up; it is
 * trusted when the row carries the same PSP reference, or, for an AUTHORISATION
 * (`beforeAnswer`), none yet: it may land before the payment's answer was
 * recorded, or be the first to name a redirect payment (apply-authorisation.ts
 * records its reference). Otherwise the PSP reference itself is looked up.
 */
export async function findPayment(
  db: Executor,
  psp: string | null,
  merchantReference: string | null,
  { beforeAnswer = false } = {},
): Promise<Transaction | null> {
  if (merchantReference && isUuid(merchantReference)) {
    const [row] = await db.select().from(transactions).where(eq(transactions.id, merchantReference));
    if (row && (pspOf(row.providerReference) === psp || (beforeAnswer && noProcessorReference(row)))) return row;
  }
  if (!psp) return null;
  const rows = await db
    .select()
    .from(transactions)
    .where(inArray(transactions.providerReference, [psp, `${psp}:manual`]))
    .limit(2);
  return rows.length === 1 ? rows[0]! : null;
}

/**
 * The refund a REFUND / REFUND_FAILED names: by the refund's own PSP reference
 * (recorded when the processor accepted it), or by our reference (the refund
 * id, which the sandbox sends as merchantReference) while it is still being sent.
 */
export async function findRefund(db: Executor, psp: string, merchantReference: string | null): Promise<Refund | null> {
  const [byPsp] = await db.select().from(refunds).where(eq(refunds.providerReference, psp)).limit(1);
  if (byPsp) return byPsp;
  if (!merchantReference || !isUuid(merchantReference)) return null;
  const [byId] = await db.select().from(refunds).where(eq(refunds.id, merchantReference));
  return byId && (!byId.providerReference || byId.providerReference === psp) ? byId : null;
}
