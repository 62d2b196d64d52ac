import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import type { Db } from '@/lib/db/types';
import { checkoutFields, type CheckoutInput } from './checkout-input';
import { assignToBooking, type AssignInput } from './assign-to-booking';
import { deleteCheckout } from './change-checkout';
import { createCheckout } from './create-checkout';
import { findAccessibleCheckout, type CheckoutKind, type CheckoutRow } from './checkout-query';
import { loadCheckoutTransactions, type CheckoutTransaction } from './checkout-transactions';
import { listCheckouts, listCheckoutsSchema } from './list-checkouts';

type Serialize<T> = (row: CheckoutRow, transactions: CheckoutTransaction[], at: Date) => T;

export const checkoutIdParams = (name: string) => z.object({ [name]: z.uuid() });
export { assignSchema } from './assign-to-booking';

/**
 * The five operations a payment link and an ecommerce session share (list,
 * create, get, delete, assign), bound to one kind and its serializer.
 */
export function checkoutResource<T>(kind: CheckoutKind, serialize: Serialize<T>, defaultLifetimeDays: number) {
  const createSchema = z.object({
    ...checkoutFields,
    // The interface's text says type_id, its machine-readable description says type: both are accepted.
    type_id: z.string().trim().min(1).max(100).optional(),
    type: z.string().trim().min(1).max(100).optional(),
  });
  return {
    createSchema,
    listSchema: listCheckoutsSchema,
    create: (db: Db, actor: Actor, input: z.output<typeof createSchema>) =>
      createCheckout(
        db,
        actor,
        kind,
        { ...(input as CheckoutInput), typeId: input.type_id ?? input.type },
        defaultLifetimeDays,
      ),
    list: async (db: Db, actor: Actor, input: z.output<typeof listCheckoutsSchema>) => {
      const page = await listCheckouts(db, actor, kind, input);
      const transactions = await loadCheckoutTransactions(
        db,
        page.items.map((row) => row.link.id),
      );
      const at = now();
      return page.map((row) => serialize(row, transactions.get(row.link.id) ?? [], at));
    },
    get: async (db: Db, actor: Actor, id: string) => {
      const row = await findAccessibleCheckout(db, actor, kind, id);
      const transactions = await loadCheckoutTransactions(db, [id]);
      return serialize(row, transactions.get(id) ?? [], now());
    },
    delete: (db: Db, actor: Actor, id: string) => deleteCheckout(db, actor, kind, id),
    assign: (db: Db, actor: Actor, id: string, input: AssignInput) => assignToBooking(db, actor, kind, id, input),
  };
}
