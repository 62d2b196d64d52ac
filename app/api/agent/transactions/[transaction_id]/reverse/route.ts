import { captureOrReverse } from '@/lib/core/transactions/capture-or-reverse';
import { transactionIdParams } from '@/lib/core/transactions/transaction-query';
import { apiRoute } from '@/lib/http/api-route';

export const GET = apiRoute({ params: transactionIdParams }, ({ db, actor, params }) => captureOrReverse(db, actor, params.transaction_id, 'reverse'));
