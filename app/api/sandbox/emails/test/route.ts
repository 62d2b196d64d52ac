import { sendTestEmail, testEmailSchema } from '@/lib/email/test-email';
import { apiRoute } from '@/lib/http/api-route';
import { sandboxOnly, sandboxOnlyMethods } from '../../sandbox-only';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Sandbox helper (docs/sandbox.md, "Mailbox"): queues a test email; any valid token may. */
export const POST = sandboxOnly(
  apiRoute({ body: testEmailSchema }, ({ db, actor, body }) =>
    sendTestEmail(db, { to: body.to, organisationId: actor.rootOrganisationId }),
  ),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = sandboxOnlyMethods(otherMethods('POST'));
