import { creditNoteIdParams, getCreditNote } from '@/lib/core/credit-notes/credit-notes';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const GET = apiRoute({ params: creditNoteIdParams }, ({ db, actor, params }) =>
  getCreditNote(db, actor, params.credit_note_id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
