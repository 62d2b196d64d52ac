import { creditNoteIdParams, getCreditNote } from '@/lib/core/credit-notes/credit-notes';
import { apiRoute } from '@/lib/http/api-route';

export const GET = apiRoute({ params: creditNoteIdParams }, ({ db, actor, params }) => getCreditNote(db, actor, params.credit_note_id));
