import { transactionIdParams } from '@/lib/core/transactions/transaction-query';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { raiseChargebackSchema, raiseSandboxChargeback } from '@/lib/sandbox/raise-chargeback';
import { sandboxOnly, sandboxOnlyMethods } from '../../../sandbox-only';

/** Sandbox only: raise or move a chargeback on a COMPLETE transaction (docs/sandbox.md "Chargebacks"). */
export const POST = sandboxOnly(
  apiRoute({ params: transactionIdParams, body: raiseChargebackSchema }, ({ db, actor, params, body }) =>
    raiseSandboxChargeback(db, actor, params.transaction_id, body),
  ),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = sandboxOnlyMethods(otherMethods('POST'));
