import { listTransactions, listTransactionsSchema } from '@/lib/core/transactions/list-transactions';
import { apiRoute } from '@/lib/http/api-route';

export const POST = apiRoute({ body: listTransactionsSchema }, ({ db, actor, body }) => listTransactions(db, actor, body));
