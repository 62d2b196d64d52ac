import { loadApprovalResource } from '@/lib/core/approvals/approval-resource';
import { loadGroup } from '@/lib/core/groups/get-group';
import { loadScheduledPaymentResource } from '@/lib/core/scheduled-payments/scheduled-payment-resource';
import { loadTransactionResource } from '@/lib/core/transactions/get-transaction';
import type { Executor, Tx } from '@/lib/db/types';

/**
 * Readers of an event's `data`: each resource as the API's GET (or list) shows
 * it, read with the executor of the changing transaction. A resource that
 * cannot be read there is a bug in the caller (it emits for something that
 * does not exist), so it throws and the change rolls back with it.
 */
const found = <T>(what: string, id: string, value: T | null): T => {
  if (value === null) throw new Error(`event data: ${what} ${id} not found`);
  return value;
};

export const transactionData = (id: string) => async (tx: Executor) => found('transaction', id, await loadTransactionResource(tx, id));

export const scheduledPaymentData = (id: string) => async (tx: Executor) => found('scheduled payment', id, await loadScheduledPaymentResource(tx, id));

export const approvalData = (id: string) => async (tx: Executor) => found('approval', id, await loadApprovalResource(tx, id));

/** The group's GET reads its portal address with the service's signing secret (read, or created once, in this transaction). */
export const groupData = (id: string) => async (tx: Executor) => found('group', id, await loadGroup(tx as Tx, id));
