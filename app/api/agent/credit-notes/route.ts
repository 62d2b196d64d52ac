import {
  issueCreditNote,
  issueCreditNoteSchema,
  listCreditNotes,
  listCreditNotesSchema,
} from '@/lib/core/credit-notes/credit-notes';
import { apiRoute } from '@/lib/http/api-route';
import { otherMethods } from '@/lib/http/method-not-allowed';

export const POST = apiRoute({ body: listCreditNotesSchema }, ({ db, actor, body }) =>
  listCreditNotes(db, actor, body),
);
// Extension (docs/api-extensions.md): issue a credit note from a booking.
export const PUT = apiRoute({ body: issueCreditNoteSchema }, ({ db, actor, body }) => issueCreditNote(db, actor, body));

export const { GET, PATCH, DELETE, OPTIONS } = otherMethods('POST', 'PUT');
