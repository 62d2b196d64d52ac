import type { Db } from '@/lib/db/types';
import { finishFailed, type ClaimedEmail } from './claim-outbox';
import { isAlertKind, notifyOrganisation } from './notify-organisation';

/**
 * Marks an email 'failed' for good and, in the same transaction, tells its
 * organisation that it was not delivered. Never for an alert itself: an alert
 * that cannot be delivered just fails, so a broken alert address cannot make
 * alerts about alerts.
 */
export async function giveUpEmail(db: Db, email: ClaimedEmail, error: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await finishFailed(tx, email, error))) return;
    if (!email.organisationId || isAlertKind(email.kind)) return;
    await notifyOrganisation(tx, email.organisationId, {
      kind: 'email-undeliverable',
      to: email.toAddress,
      subject: email.subject,
      emailKind: email.kind,
      attempts: email.attempts,
      error,
      emailId: email.id,
    });
  });
}
