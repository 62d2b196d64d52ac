import { getTransaction } from '@/lib/core/transactions/get-transaction';
import { transactionIdParams } from '@/lib/core/transactions/transaction-query';
import { apiRoute } from '@/lib/http/api-route';

export const GET = apiRoute({ params: transactionIdParams }, ({ db, actor, params }) => getTransaction(db, actor, params.transaction_id));
